// One recompute of a client's sport season at a time. On AWS the events table's stream has several shards and Lambda
// runs one invocation per shard at once, so two results of one week (an import records many at once), or a player's
// pick and a result, are projected side by side. Each recompute reads facts and totals, then writes totals from them:
// without this lease the one that read first and wrote last wrote a state without the other's fact, and nothing
// recomputed it after. The lease is the season's, not the week's: a week's recompute also writes its players' later
// weeks (a late result moves their year to date) and the season's week aggregates. The facts themselves are written
// before the lease, on their versions, so a recompute under it reads every fact a recompute before it did. A lease left
// by a crash ends by itself (its item stays, one per client sport season, until the next recompute takes it).
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { seasonOfWeek } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { isConditionFailure, type Key, putItem } from '../store/state-table.ts';
import type { WeekScope } from '../views/scope.ts';

/**
 * Just past the projector's timeout (1 minute) from when it was taken: a holder at work never loses it, and one that
 * Lambda stopped holds it no longer than that.
 */
export const seasonLeaseMs = 61_000;
/**
 * How long a recompute waits for the season before its batch fails, to be delivered again: the stream's five
 * retries wait longer than a lease a crash left lasts.
 */
export const seasonLeaseWaitMs = 15_000;

const leasePrefix = 'RECOMPUTING#';

/** Outside every views layout: no view, never compared, rebuilt or pruned (views/layout.ts). */
export const seasonLeaseKey = ({ clientId, sportId, weekId }: WeekScope) => ({
  PK: `${leasePrefix}${clientId}#${sportId}#${seasonOfWeek(weekId)}`,
  SK: 'LEASE',
});

export const isSeasonLease = (key: Key) => key.PK.startsWith(leasePrefix);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `recompute` of a week while holding its client sport season's lease, waiting for another holder's to end. */
export async function underSeasonLease<T>(deps: Deps, scope: WeekScope, recompute: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const key = seasonLeaseKey(scope);
  const waitUntil = Date.now() + seasonLeaseWaitMs;
  // Short pauses with jitter: a holder working through a batch takes the lease again between its runs, a few
  // milliseconds after giving it back.
  for (let wait = 10; ; wait = Math.min(wait * 2, 50)) {
    const now = Date.now();
    try {
      await putItem(
        deps,
        { ...key, holder, expiresAt: now + seasonLeaseMs },
        {
          when: 'attribute_not_exists(PK) OR expiresAt < :now',
          values: { ':now': now },
          // The SDK's second sending of a put whose answer was lost finds the lease its first one took.
          isOwn: (held) => held.holder === holder,
          table: 'views',
        },
      );
      break;
    } catch (error) {
      if (!isConditionFailure(error)) {
        // The put may have been made though its answer never came: a lease taken and not used is given back.
        await giveBack(deps, key, holder);
        throw error;
      }
      if (Date.now() >= waitUntil)
        throw new Error(`${key.PK} stayed taken by another recompute for ${seasonLeaseWaitMs / 1000} s`);
      await pause(wait / 2 + Math.random() * wait);
    }
  }
  try {
    return await recompute();
  } finally {
    await giveBack(deps, key, holder);
  }
}

/** Gives the lease back if `holder` holds it; if that fails, it ends by itself, and what was done stands. */
async function giveBack(deps: Deps, key: Key, holder: string) {
  await deps.db
    .send(
      new DeleteCommand({
        TableName: deps.tables.views,
        Key: key,
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) logger.warn('Season lease not given back', { key: key.PK, error });
    });
}
