// Lambda on the events table's stream: keeps the views table in step with committed events.
// Idempotent: every view row carries the stream version that wrote it, and a write only lands on
// an older row, so a redelivered or replayed record changes nothing.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue as StreamAttributeValue, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { type GameBetRow, gameBetRows, parseSlipStreamId } from '../../domain/betting/bets-by-game.ts';
import type { SlipEvent } from '../../domain/betting/slip.ts';
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { type Commit, commitFromItem } from '../adapters/event-store.ts';
import { getItem, queryAll } from '../store/state-table.ts';

export const viewKeys = {
  gameBet: (row: Pick<GameBetRow, 'gameId' | 'clientId' | 'userId'>) => ({
    PK: `GAMEBETS#${row.gameId}`,
    SK: `${row.clientId}#${row.userId}`,
  }),
  gameBetsPartition: (gameId: number) => `GAMEBETS#${gameId}`,
};

export const listGameBets = (deps: Pick<Deps, 'db' | 'tables'>, gameId: number) =>
  queryAll<GameBetRow>(deps, viewKeys.gameBetsPartition(gameId), { table: 'views' });

async function putIfNewer(deps: Deps, row: GameBetRow) {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables.views,
        Item: { ...viewKeys.gameBet(row), ...row },
        ConditionExpression: 'attribute_not_exists(PK) OR version < :version',
        ExpressionAttributeValues: { ':version': row.version },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export async function applyCommit(deps: Deps, commit: Commit): Promise<void> {
  const slip = parseSlipStreamId(commit.streamId);
  if (!slip) return;
  const events = commit.events as SlipEvent[];
  const touched = new Set(events.map((event) => event.data.gameId));
  const previous = new Map<number, GameBetRow>();
  for (const gameId of touched) {
    const row = await getItem<GameBetRow>(deps, viewKeys.gameBet({ ...slip, gameId }), 'views');
    if (row) previous.set(gameId, row);
  }
  for (const row of gameBetRows(slip, commit.version, events, previous)) await putIfNewer(deps, row);
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
