// Lambda on the events table's stream: keeps the views table in step with committed events.
// Facts (slip cells, outcomes, penalties) carry the stream version that wrote them and are only
// written over older versions; totals are recomputed from the facts. So a redelivered or replayed
// record changes nothing.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue as StreamAttributeValue, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { SlipEvent, SlipId } from '#domain/betting/slip.ts';
import type { GameResultRecorded } from '#domain/games/game-result.ts';
import type { WeekEvent } from '#domain/scoring/close-week.ts';
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { type Commit, commitFromItem } from '../adapters/event-store.ts';
import { logger, withLogContext } from '../adapters/logger.ts';
import { withTracing } from '../adapters/tracer.ts';
import { weekKickoffs } from '../store/catalogue.ts';
import { batchPut } from '../store/state-table.ts';
import { outcomeItem } from '../views/outcomes.ts';
import { putFact } from '../views/put-fact.ts';
import { penaltyItems } from '../views/penalties.ts';
import type { WeekScope } from '../views/scope.ts';
import { type SlipCellsRow, slipCellsItem } from '../views/slip-cells.ts';
import { recordWeekClient, weekClients } from '../views/week-clients.ts';
import { isPenalty, playerFacts } from '../views/week-facts.ts';
import { classifyCommit } from './classify-commit.ts';
import { recomputePlayerWeek, recomputeWeek } from './recompute.ts';

/** The slip's fact after this commit: one step from the stored fact, or on a gap (a record missed) the slip as its stream now stands. */
async function slipCellsAfter(
  deps: Deps,
  slip: SlipId,
  commit: Commit,
  events: SlipEvent[],
  previous: SlipCellsRow | undefined,
  kickoffOf: (gameId: number) => string,
) {
  if ((previous?.version ?? 0) === commit.version - 1)
    return slipCellsItem(slip, previous?.cells ?? [], events, commit.version, kickoffOf);
  const { version, commits } = await deps.events.readStream<SlipEvent>(commit.streamId);
  return slipCellsItem(
    slip,
    [],
    commits.flatMap((each) => each.events),
    version,
    kickoffOf,
  );
}

async function applySlip(deps: Deps, commit: Commit, slip: SlipId, events: SlipEvent[]) {
  const [facts, kickoffOf] = await Promise.all([playerFacts(deps, slip, slip.userId), weekKickoffs(deps, slip.weekId)]);
  const previous = facts.find((row): row is SlipCellsRow => !isPenalty(row));
  // A redelivery finds the fact as new already; the recompute still runs, so one after a crash finishes the job.
  if (previous && previous.version >= commit.version) return recomputePlayerWeek(deps, slip, slip.userId, facts);
  // Before the player's first cells of the week, so a redelivery after a crash still finds it.
  if (!previous) await recordWeekClient(deps, slip);
  const item = await slipCellsAfter(deps, slip, commit, events, previous, kickoffOf);
  const written = await putFact(deps, item);
  await recomputePlayerWeek(deps, slip, slip.userId, written ? [item, ...facts.filter(isPenalty)] : undefined);
}

async function applyGame(deps: Deps, version: number, events: GameResultRecorded[]) {
  for (const event of events) {
    await putFact(deps, outcomeItem(event, version));
    // Recomputed even when the outcome was already there: a redelivery after a crash finishes the job.
    const { gameId, sportId, weekId } = event.data;
    for (const clientId of await weekClients(deps, { sportId, weekId }))
      await recomputeWeek(deps, { clientId, sportId, weekId }, { gameId });
  }
}

async function applyWeek(deps: Deps, version: number, scope: WeekScope, events: WeekEvent[]) {
  const penalties = penaltyItems(scope, events, version);
  if (penalties.length === 0) return;
  // A player's penalty is in one commit only, so a plain batched write never overwrites a newer fact.
  await batchPut(deps, penalties, 'views');
  await recomputeWeek(deps, scope, { userIds: new Set(penalties.map((penalty) => penalty.userId)) });
}

export async function applyCommit(deps: Deps, commit: Commit): Promise<void> {
  const classified = classifyCommit(commit);
  switch (classified.kind) {
    case 'slip':
      return applySlip(deps, commit, classified.slip, classified.events);
    case 'game':
      return applyGame(deps, commit.version, classified.events);
    case 'week':
      return applyWeek(deps, commit.version, classified.scope, classified.events);
    case 'other':
      return;
  }
}

export function createProjector(getDeps: () => Deps) {
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    for (const record of event.Records) {
      const image = record.dynamodb?.NewImage;
      if (!image) continue;
      const commit = commitFromItem(
        unmarshall(image as Record<string, StreamAttributeValue> as Record<string, AttributeValue>),
      );
      // Each line names the command that appended the commit, so a failure traces back to its request.
      logger.appendKeys({ correlationId: commit.correlationId });
      try {
        await applyCommit(getDeps(), commit);
      } catch (error) {
        logger.error('Projection failed', {
          sequenceNumber: record.dynamodb?.SequenceNumber,
          streamId: commit.streamId,
          version: commit.version,
          error,
        });
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  };
}

export const handler = withTracing(withLogContext(() => undefined, createProjector(lazyDeps())));
