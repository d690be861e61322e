// Lambda on the events table's stream: keeps the views table in step with committed events.
// Facts (slip cells, outcomes, penalties) carry the stream version that wrote them and are only
// written over older versions; totals are recomputed from the facts. So a redelivered or replayed
// record changes nothing.
import { ConditionalCheckFailedException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue as StreamAttributeValue, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { SlipEvent } from '../../domain/betting/slip.ts';
import type { GameEvent } from '../../domain/games/game-result.ts';
import { nextCells, parseSlipStreamId } from '../../domain/scoring/bet-cells.ts';
import { parseWeekStreamId, type WeekEvent } from '../../domain/scoring/close-week.ts';
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { type Commit, commitFromItem } from '../adapters/event-store.ts';
import { logger } from '../adapters/logger.ts';
import { weekKickoffs } from '../store/catalogue.ts';
import { queryAll } from '../store/state-table.ts';
import { viewKeys } from '../store/view-keys.ts';
import { isPenalty, playerFacts, recomputePlayerWeek, recomputeWeek, type SlipCellsRow } from './scores.ts';

/** Writes a fact unless a newer or equal version of it is already there; true when it wrote. */
export async function putFact(deps: Deps, item: { PK: string; SK: string; version: number } & Record<string, unknown>): Promise<boolean> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables.views,
        Item: item,
        ConditionExpression: 'attribute_not_exists(PK) OR version < :version',
        ExpressionAttributeValues: { ':version': item.version },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The slip's cells after this commit: one step from the stored fact, or on a gap (a record missed) the slip as its stream now stands. */
async function slipCellsAfter(deps: Deps, commit: Commit, previous: SlipCellsRow | undefined, kickoffOf: (gameId: number) => string) {
  if ((previous?.version ?? 0) === commit.version - 1) return { cells: nextCells(previous?.cells ?? [], commit.events as SlipEvent[], kickoffOf), version: commit.version };
  const { version, commits } = await deps.events.readStream<SlipEvent>(commit.streamId);
  return { cells: nextCells([], commits.flatMap((each) => each.events), kickoffOf), version };
}

async function applySlip(deps: Deps, commit: Commit, slip: NonNullable<ReturnType<typeof parseSlipStreamId>>) {
  const [facts, kickoffOf] = await Promise.all([playerFacts(deps, slip, slip.userId), weekKickoffs(deps, slip.weekId)]);
  const previous = facts.find((row): row is SlipCellsRow => !isPenalty(row));
  // A redelivery finds the fact as new already; the recompute still runs, so one after a crash finishes the job.
  if (previous && previous.version >= commit.version) return recomputePlayerWeek(deps, slip, slip.userId, facts);
  // Before the player's first cells of the week, so a redelivery after a crash still finds it.
  if (!previous) {
    await deps.db.send(new PutCommand({ TableName: deps.tables.views, Item: { ...viewKeys.weekClient(slip.sportId, slip.weekId, slip.clientId), clientId: slip.clientId } }));
  }
  const row: SlipCellsRow = { userId: slip.userId, ...(await slipCellsAfter(deps, commit, previous, kickoffOf)) };
  const written = await putFact(deps, { ...viewKeys.slipCells(slip.clientId, slip.sportId, slip.weekId, slip.userId), ...row });
  await recomputePlayerWeek(deps, slip, slip.userId, written ? [row, ...facts.filter(isPenalty)] : undefined);
}

async function applyGame(deps: Deps, commit: Commit) {
  for (const { data } of commit.events as GameEvent[]) {
    const { gameId, sportId, weekId, status, homeTeamId, homeScore, awayScore, beginning } = data;
    await putFact(deps, {
      ...viewKeys.outcome(sportId, weekId, gameId), gameId, status, homeTeamId, homeScore, awayScore, beginning, version: commit.version,
    });
    // Recomputed even when the outcome was already there: a redelivery after a crash finishes the job.
    const clients = await queryAll<{ clientId: number }>(deps, viewKeys.weekClientsPartition(sportId, weekId), { table: 'views' });
    for (const { clientId } of clients) await recomputeWeek(deps, { clientId, sportId, weekId }, gameId);
  }
}

async function applyWeek(deps: Deps, commit: Commit, scope: NonNullable<ReturnType<typeof parseWeekStreamId>>) {
  for (const event of commit.events as WeekEvent[]) {
    if (event.type !== 'MissedPicksPenalized') continue;
    const { userId, points } = event.data;
    await putFact(deps, { ...viewKeys.penalty(scope.clientId, scope.sportId, scope.weekId, userId), userId, points, version: commit.version });
    await recomputePlayerWeek(deps, scope, userId);
  }
}

export async function applyCommit(deps: Deps, commit: Commit): Promise<void> {
  const slip = parseSlipStreamId(commit.streamId);
  if (slip) return applySlip(deps, commit, slip);
  if (commit.streamId.startsWith('game#')) return applyGame(deps, commit);
  const week = parseWeekStreamId(commit.streamId);
  if (week) return applyWeek(deps, commit, week);
}

export function createProjector(getDeps: () => Deps) {
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    for (const record of event.Records) {
      const image = record.dynamodb?.NewImage;
      if (!image) continue;
      try {
        await applyCommit(getDeps(), commitFromItem(unmarshall(image as Record<string, StreamAttributeValue> as Record<string, AttributeValue>)));
      } catch (error) {
        logger.error('Projection failed', { sequenceNumber: record.dynamodb?.SequenceNumber, error });
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  };
}

export const handler = createProjector(lazyDeps());
