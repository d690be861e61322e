// Integration methods: under their client's partition, found by id through GSI1; one per purpose per client,
// held by a purpose claim (functions/store/claims.ts, docs/invariants.md).
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import type { IntegrationMethod } from '#domain/tenancy/client-settings.ts';
import type { Deps } from '../adapters/deps.ts';
import { type Claim, claimFor, releaseClaim } from './claims.ts';
import { keys } from './keys.ts';
import { findOwned, getItem, isConditionFailure, putItem, queryAll, replaceLive } from './state-table.ts';

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

/**
 * The claim's method still serves the purpose; one the claim holds but nobody wrote (a crash while adding it) is
 * written now. An edit's claim (its holder has a version) whose method is gone was of a method deleted meanwhile.
 */
async function judge(deps: Store, claim: Claim<IntegrationMethod>) {
  const { PK, SK } = keys.method(claim.holder.clientId, claim.holderId);
  const stored = await getItem<IntegrationMethod>(deps, { PK, SK });
  if (stored) return stored.methodPurpose === claim.holder.methodPurpose ? 'live' : 'stale';
  if (claim.holder.version) return 'stale';
  try {
    await putItem(deps, { ...keys.method(claim.holder.clientId, claim.holderId), ...claim.holder }, { ifAbsent: true });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return 'live';
}

/**
 * The client's method for the purpose: the one listed, else the one its purpose claim holds that a crash kept from
 * being written (written now, as the next claim of the purpose would), so a claimed purpose is never served by none.
 */
export async function methodFor(deps: Store, clientId: number, purpose: string) {
  const listed = (await listMethods(deps, clientId)).find((each) => each.methodPurpose === purpose);
  if (listed) return listed;
  const claim = await getItem<Claim<IntegrationMethod>>(deps, keys.methodPurposeClaim(clientId, purpose));
  if (!claim || (await judge(deps, claim)) === 'stale') return undefined;
  const { PK, SK } = keys.method(clientId, claim.holderId);
  return getItem<IntegrationMethod>(deps, { PK, SK });
}

export const unknownMethod = () => new NotFoundError('Method not found', 'UNKNOWN_METHOD');

export const methodChanged = () =>
  new ConflictError(
    'Someone else changed this method meanwhile: reload the methods and edit it again',
    'METHOD_CHANGED',
  );

/**
 * Claims the method's purpose in its client: 409 METHOD_PURPOSE_TAKEN while another method serves it. An edit's claim
 * is never written back (judge), so it holds the method without its secret.
 */
const claimPurpose = (deps: Store, method: IntegrationMethod, at: Date) =>
  claimFor(
    deps,
    purposeKey(method),
    {
      holderId: method.id,
      holder: method.version ? { ...method, headerValue: '' } : method,
      claimedAt: at.toISOString(),
    },
    (claim) => judge(deps, claim),
    // Held by a later edit of this very method: this edit was made from an older version.
    (live) =>
      live?.holderId === method.id
        ? methodChanged()
        : new ConflictError(`The client already has a method for ${method.methodPurpose}`, 'METHOD_PURPOSE_TAKEN'),
  );

/** Adds the method as the one of its purpose in its client: 409 METHOD_PURPOSE_TAKEN while another serves it. */
export async function addMethodForPurpose(deps: Store, method: IntegrationMethod, at: Date): Promise<void> {
  await claimPurpose(deps, method, at);
  await putMethod(deps, method);
}

/**
 * Replaces a method read as `before` with its edit (the next version), as the one of its purpose: a method deleted
 * meanwhile stays deleted (404), and one another edit changed since the read keeps that edit (409 METHOD_CHANGED).
 */
export async function replaceMethod(deps: Store, before: IntegrationMethod, edited: IntegrationMethod, at: Date) {
  await claimPurpose(deps, edited, at);
  await replaceLive(deps, { ...keys.method(edited.clientId, edited.id), ...edited }, before.version ?? 0, {
    changed: methodChanged,
    gone: async () => {
      // Deleted meanwhile: the claim this edit took holds no method.
      await releaseClaim(deps, purposeKey(edited), edited.id);
      return unknownMethod();
    },
  });
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
