// Older code wrote a login claim, then its user, as two steps: a claim whose user was never written holds its login
// for nobody. A claim carries its new user since (account-claims.ts), so no such claim is made any more. This
// one-time step deletes every claim left that way, then sets the marker: a step cut short is simply run again.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import type { LoginClaim } from './account-claims.ts';
import { keys } from './keys.ts';
import { getItem, isConditionFailure, type Key, putItem, scanByPrefix } from './state-table.ts';
import { getUser } from './users.ts';

const marker = keys.migration('orphan-login-claims');

/** Deletes the claim if it holds no account, only while it still is such a claim; answers whether it did. */
async function releasedOrphan(deps: Deps, claim: Key & LoginClaim): Promise<boolean> {
  const clientId = Number(claim.PK.slice(keys.loginClaimPrefix.length).split('#')[0]);
  if (claim.user || (claim.userId !== undefined && (await getUser(deps, clientId, claim.userId)))) return false;
  try {
    await deps.db.send(
      new DeleteCommand({
        TableName: deps.tables.state,
        Key: { PK: claim.PK, SK: claim.SK },
        // An item naming no user at all (once made by completing a claim that was gone) holds no account either.
        ...(claim.userId === undefined
          ? { ConditionExpression: 'attribute_not_exists(userId) AND attribute_not_exists(#user)' }
          : {
              ConditionExpression: 'userId = :id AND attribute_not_exists(#user)',
              ExpressionAttributeValues: { ':id': claim.userId },
            }),
        ExpressionAttributeNames: { '#user': 'user' },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/** Runs once per database; answers how many claims it released, or undefined when done before. */
export async function migrateOrphanLoginClaims(deps: Deps): Promise<number | undefined> {
  if (await getItem(deps, marker)) return undefined;
  let released = 0;
  for (const claim of await scanByPrefix<Key & LoginClaim>(deps, keys.loginClaimPrefix))
    if (claim.SK === 'CLAIM' && (await releasedOrphan(deps, claim))) released += 1;
  await putItem(deps, { ...marker, at: deps.clock.now().toISOString() });
  return released;
}
