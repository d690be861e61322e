// A claim item names the one holder of something unique (a method's purpose in a client, a role's name): one
// conditional write takes it, so of any number of concurrent callers exactly one wins (docs/invariants.md). The
// claim is the commit point and carries what its holder writes next, so a holder lost to a crash right after
// the claim is written from it (rolled forward), never left half-made. A claim whose holder no longer has the
// thing (deleted, renamed away) is stale and may be taken over, again by one conditional write.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, type DomainError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import type { Key } from './state-table.ts';
import { getItem, isConditionFailure } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export interface Claim<T> {
  holderId: number;
  holder: T;
  claimedAt: string;
}

/** What became of a claim's holder: it still has the thing ('live'), or no longer ('stale'). */
export type Judge<T> = (claim: Claim<T>) => Promise<'live' | 'stale'>;

/** A claim as stored: each write of it has an id of its own, so a takeover replaces the very claim it judged. */
export type StoredClaim<T> = Claim<T> & { claimId?: string };

/**
 * Sets the claim's holder when it is free or already this holder's, or, to take it over, when it is still the stale
 * claim the judge read (not one written since, by its holder again say). A holder with a version (a role's or a
 * method's edit) does not take its own claim back from a later version of itself.
 */
export async function take<T>(deps: Store, key: Key, claim: Claim<T>, stale?: StoredClaim<T>): Promise<boolean> {
  const version = (claim.holder as { version?: unknown }).version;
  const versioned = typeof version === 'number';
  const own = versioned
    ? 'attribute_not_exists(PK) OR (holderId = :id AND (attribute_not_exists(holder.version) OR holder.version <= :version))'
    : 'attribute_not_exists(PK) OR holderId = :id';
  // A claim from before claims had ids is known by its holder and its time.
  const judged = stale?.claimId
    ? { when: 'claimId = :judged', values: { ':judged': stale.claimId } }
    : stale && {
        when: 'holderId = :staleHolder AND claimedAt = :staleAt AND attribute_not_exists(claimId)',
        values: { ':staleHolder': stale.holderId, ':staleAt': stale.claimedAt },
      };
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: key,
        UpdateExpression: 'SET holderId = :id, holder = :holder, claimedAt = :at, claimId = :claimId',
        ConditionExpression: judged ? judged.when : own,
        ExpressionAttributeValues: {
          ':id': claim.holderId,
          ':holder': claim.holder,
          ':at': claim.claimedAt,
          ':claimId': randomUUID(),
          ...(judged ? judged.values : versioned ? { ':version': version } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Claims `key` for the holder: undefined once theirs, else what kept it from them: the live claim the judge found,
 * or none when the claim changed hands under every attempt.
 */
async function claimOrLive<T>(
  deps: Store,
  key: Key,
  claim: Claim<T>,
  judge: Judge<T>,
): Promise<{ live: Claim<T> | undefined } | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await take(deps, key, claim)) return undefined;
    const current = await getItem<StoredClaim<T>>(deps, key);
    if (current && (await judge(current)) === 'live') return { live: current };
    if (current && (await take(deps, key, claim, current))) return undefined;
  }
  return { live: undefined };
}

/**
 * Claims `key` for the holder, or refuses (409 `taken`) while the holder the claim names still has the thing
 * (`taken` may word the refusal from that live claim, and answer another domain error).
 */
export async function claimFor<T>(
  deps: Store,
  key: Key,
  claim: Claim<T>,
  judge: Judge<T>,
  taken: { message: string; code: string } | ((live: Claim<T> | undefined) => DomainError),
): Promise<void> {
  const refused = await claimOrLive(deps, key, claim, judge);
  if (!refused) return;
  throw typeof taken === 'function' ? taken(refused.live) : new ConflictError(taken.message, taken.code);
}

/** Claims `key` for the holder: true once theirs, false while the holder the claim names still has the thing. */
export const claimIfFree = async <T>(deps: Store, key: Key, claim: Claim<T>, judge: Judge<T>): Promise<boolean> =>
  (await claimOrLive(deps, key, claim, judge)) === undefined;

/**
 * Gives the claim back, only while this holder has it; with `upToVersion`, only while its holder (a versioned item)
 * took it at that version or before, so a claim a later edit of the same holder took again stays.
 */
export async function releaseClaim(deps: Store, key: Key, holderId: number, upToVersion?: number): Promise<void> {
  const byVersion =
    upToVersion === undefined ? '' : ' AND (attribute_not_exists(holder.version) OR holder.version <= :v)';
  try {
    await deps.db.send(
      new DeleteCommand({
        TableName: deps.tables.state,
        Key: key,
        ConditionExpression: `holderId = :id${byVersion}`,
        ExpressionAttributeValues: { ':id': holderId, ...(upToVersion === undefined ? {} : { ':v': upToVersion }) },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** A claim younger than this may belong to a write still under way (a rename between its two writes). */
export const claimGraceMs = 60_000;
