// Integration methods: under their client's partition, found by id through GSI1; one per purpose per client,
// held by a purpose claim (functions/store/claims.ts, docs/invariants.md).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { IntegrationMethod } from '#domain/tenancy/client-settings.ts';
import type { Deps } from '../adapters/deps.ts';
import { type Claim, claimFor, releaseClaim } from './claims.ts';
import { keys } from './keys.ts';
import { findOwned, getItem, putItem, queryAll } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export const listMethods = (deps: Store, clientId: number) =>
  queryAll<IntegrationMethod>(deps, keys.clientPartition(clientId), { skPrefix: keys.methodPrefix });

export async function findMethod(deps: Store, methodId: number): Promise<IntegrationMethod | undefined> {
  return findOwned<IntegrationMethod>(deps, 'METHOD', methodId, (indexed) => keys.method(indexed.clientId, indexed.id));
}

export const putMethod = (deps: Store, method: IntegrationMethod) =>
  putItem(deps, { ...keys.method(method.clientId, method.id), ...method });

const purposeKey = (method: Pick<IntegrationMethod, 'clientId' | 'methodPurpose'>) =>
  keys.methodPurposeClaim(method.clientId, method.methodPurpose);

/** The claim's method still serves the purpose; one the claim holds but nobody wrote (a crash) is written now. */
async function judge(deps: Store, claim: Claim<IntegrationMethod>) {
  const { PK, SK } = keys.method(claim.holder.clientId, claim.holderId);
  const stored = await getItem<IntegrationMethod>(deps, { PK, SK });
  if (stored) return stored.methodPurpose === claim.holder.methodPurpose ? 'live' : 'stale';
  try {
    await putItem(deps, { ...keys.method(claim.holder.clientId, claim.holderId), ...claim.holder }, { ifAbsent: true });
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  return 'live';
}

/** Saves the method as the one of its purpose in its client: 409 METHOD_PURPOSE_TAKEN while another serves it. */
export async function saveMethodForPurpose(deps: Store, method: IntegrationMethod, at: Date): Promise<void> {
  await claimFor(
    deps,
    purposeKey(method),
    { holderId: method.id, holder: method, claimedAt: at.toISOString() },
    (claim) => judge(deps, claim),
    { message: `The client already has a method for ${method.methodPurpose}`, code: 'METHOD_PURPOSE_TAKEN' },
  );
  await putMethod(deps, method);
}

/**
 * Erased for good rather than archived: the item holds the client's secret header value. The purpose is given
 * back first, so a crash in between leaves a method without its claim (still listed, deletable), never a claim
 * that would write the deleted method back.
 */
export async function eraseMethod(deps: Store, method: IntegrationMethod): Promise<void> {
  await releaseClaim(deps, purposeKey(method), method.id);
  const { PK, SK } = keys.method(method.clientId, method.id);
  await deps.db.send(new DeleteCommand({ TableName: deps.tables.state, Key: { PK, SK } }));
}
