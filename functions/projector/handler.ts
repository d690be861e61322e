// Lambda on the events table's stream: keeps the views table in step with committed events.
// Facts (bet cells, outcomes, penalties) carry the stream version that wrote them and are only
// written over older versions; totals are recomputed from the facts. So a redelivered or replayed
// record changes nothing.
import { ConditionalCheckFailedException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue as StreamAttributeValue, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { SlipEvent } from '../../domain/betting/slip.ts';
import type { GameEvent } from '../../domain/games/game-result.ts';
import { type CellRow, cellChanges, parseSlipStreamId } from '../../domain/scoring/bet-cells.ts';
import { parseWeekStreamId, type WeekEvent } from '../../domain/scoring/close-week.ts';
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { type Commit, commitFromItem } from '../adapters/event-store.ts';
import { weekKickoffs } from '../store/catalogue.ts';
import { queryAll } from '../store/state-table.ts';
import { viewKeys } from '../store/view-keys.ts';
import { isPenalty, playerFacts, recomputePlayerWeek, recomputeWeek } from './scores.ts';

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

async function applySlip(deps: Deps, commit: Commit, slip: NonNullable<ReturnType<typeof parseSlipStreamId>>) {
  const events = commit.events as SlipEvent[];
  const [facts, kickoffOf] = await Promise.all([playerFacts(deps, slip, slip.userId), weekKickoffs(deps, slip.weekId)]);
  const previous = new Map(facts.filter((row): row is CellRow => !isPenalty(row)).map((cell) => [cell.gameId, cell]));
  // Before the first cell of the player's week, so a redelivery after a crash still finds it.
  if (previous.size === 0) {
    await deps.db.send(new PutCommand({ TableName: deps.tables.views, Item: { ...viewKeys.weekClient(slip.sportId, slip.weekId, slip.clientId), clientId: slip.clientId } }));
  }
  const current = new Map(previous);
  for (const cell of cellChanges(slip, commit.version, events, previous, kickoffOf)) {
    if (await putFact(deps, { ...viewKeys.cell(slip.clientId, slip.sportId, slip.weekId, slip.userId, cell.gameId), ...cell })) current.set(cell.gameId, cell);
  }
  await recomputePlayerWeek(deps, slip, slip.userId, [...current.values(), ...facts.filter(isPenalty)]);
}

async function applyGame(deps: Deps, commit: Commit) {
  for (const { data } of commit.events as GameEvent[]) {
    const { gameId, sportId, weekId, status, homeTeamId, homeScore, awayScore, beginning } = data;
    const written = await putFact(deps, {
      ...viewKeys.outcome(sportId, weekId, gameId), gameId, status, homeTeamId, homeScore, awayScore, beginning, version: commit.version,
    });
    if (!written) continue;
    const clients = await queryAll<{ clientId: number }>(deps, viewKeys.weekClientsPartition(sportId, weekId), { table: 'views' });
    for (const { clientId } of clients) await recomputeWeek(deps, { clientId, sportId, weekId });
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
        console.error('projector failed on', record.dynamodb?.SequenceNumber, error);
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  };
}

export const handler = createProjector(lazyDeps());
