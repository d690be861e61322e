// One recompute of a client week at a time. On AWS the events table's stream has several shards and Lambda runs one
// invocation per shard at once, so two results of one week (an import records many at once), or a player's pick and
// a result, are projected side by side. Each recompute reads the week's facts and totals, then writes totals from
// them: without this lease the one that read first and wrote last wrote a state without the other's fact, and nothing
// recomputed it after. The facts themselves are written before the lease, on their version, so a recompute under it
// reads every fact a recompute before it did. A lease left by a crash ends by itself (its item stays, one per
// client week, until the week's next recompute takes it).
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import { isConditionFailure, putItem } from '../store/state-table.ts';
import type { WeekScope } from '../views/scope.ts';

/** Longer than the projector may run (1 minute), so a holder at work never loses it; a crashed one's ends then. */
export const weekLeaseMs = 70_000;
/** How long a recompute waits for the week before its batch fails, to be delivered again. */
export const weekLeaseWaitMs = 20_000;

/** Outside every views layout: no view, never compared or rebuilt (views/layout.ts). */
export const weekLeaseKey = ({ clientId, sportId, weekId }: WeekScope) => ({
  PK: `RECOMPUTING#${clientId}#${sportId}#${weekId}`,
  SK: 'LEASE',
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `recompute` while holding the client week's lease, waiting for another holder's to end first. */
export async function underWeekLease<T>(deps: Deps, scope: WeekScope, recompute: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const key = weekLeaseKey(scope);
  const waitUntil = Date.now() + weekLeaseWaitMs;
  for (let wait = 10; ; wait = Math.min(wait * 2, 500)) {
    const now = Date.now();
    try {
      await putItem(
        deps,
        { ...key, holder, expiresAt: now + weekLeaseMs },
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
      if (!isConditionFailure(error)) throw error;
      if (Date.now() >= waitUntil)
        throw new Error(`Client week ${key.PK} stayed taken by another recompute for ${weekLeaseWaitMs / 1000} s`);
      await pause(wait);
    }
  }
  try {
    return await recompute();
  } finally {
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
        // Already gone: a lost answer's second sending, or it ended and another took it.
        if (!isConditionFailure(error)) throw error;
      });
  }
}
