// The event store port and its DynamoDB implementation (docs/rules.md, One write per command): one commit
// item per command, appended with a conditional put on the next version, so an append is atomic without
// transactions.
import { BatchGetCommand, type DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from '#domain/errors.ts';
import { putFirst } from './first-write.ts';
import { pauseBeforeResending } from './transient-fault.ts';

export interface StoredEvent {
  type: string;
  data: unknown;
}

export interface CommitMeta {
  at: string;
  actor: number | string;
  correlationId: string;
}

export interface Commit<E extends StoredEvent = StoredEvent> extends CommitMeta {
  streamId: string;
  version: number;
  events: E[];
}

export interface EventStore {
  /** Every commit of a stream in order, read strongly consistent. */
  readStream<E extends StoredEvent>(streamId: string): Promise<{ version: number; commits: Commit<E>[] }>;
  /** The stream's last commit (one read), undefined for a stream with none. */
  readLast<E extends StoredEvent>(streamId: string): Promise<Commit<E> | undefined>;
  /** Which of the streams have a commit after the version given: one batched read per hundred streams. */
  movedOn(positions: readonly StreamPosition[]): Promise<Set<string>>;
  /** Appends one commit at expectedVersion + 1; ConcurrencyError when that version exists. */
  append(streamId: string, expectedVersion: number, events: readonly StoredEvent[], meta: CommitMeta): Promise<number>;
  /** Every commit of every stream, a page at a time, in no particular order (for rebuilds). */
  readAll(): AsyncIterable<Commit[]>;
}

export interface StreamPosition {
  streamId: string;
  version: number;
}

/** BatchGet's limit of keys per request. */
const keysPerBatchGet = 100;

export const commitFromItem = <E extends StoredEvent>(item: Record<string, unknown>): Commit<E> => ({
  streamId: item.PK as string,
  version: item.SK as number,
  events: item.events as E[],
  at: item.at as string,
  actor: item.actor as number | string,
  correlationId: item.correlationId as string,
});

export function dynamoEventStore(db: DynamoDBDocumentClient, tableName: string): EventStore {
  return {
    async readStream<E extends StoredEvent>(streamId: string) {
      const commits: Commit<E>[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': streamId },
            ConsistentRead: true,
            ExclusiveStartKey,
          }),
        );
        commits.push(...(page.Items ?? []).map((item) => commitFromItem<E>(item)));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return { version: commits.at(-1)?.version ?? 0, commits };
    },

    async readLast<E extends StoredEvent>(streamId: string) {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': streamId },
          ConsistentRead: true,
          ScanIndexForward: false,
          Limit: 1,
        }),
      );
      const item = page.Items?.[0];
      return item && commitFromItem<E>(item);
    },

    async movedOn(positions) {
      const moved = new Set<string>();
      for (let start = 0; start < positions.length; start += keysPerBatchGet) {
        let keys: Record<string, unknown>[] = positions
          .slice(start, start + keysPerBatchGet)
          .map(({ streamId, version }) => ({ PK: streamId, SK: version + 1 }));
        for (let attempt = 0; keys.length > 0; attempt++) {
          await pauseBeforeResending(attempt, 'BatchGet');
          const answer = await db.send(
            new BatchGetCommand({
              RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true, ProjectionExpression: 'PK' } },
            }),
          );
          for (const item of answer.Responses?.[tableName] ?? []) moved.add(item.PK as string);
          keys = answer.UnprocessedKeys?.[tableName]?.Keys ?? [];
        }
      }
      return moved;
    },

    async *readAll() {
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey }));
        yield (page.Items ?? []).map((item) => commitFromItem(item));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
    },

    async append(streamId, expectedVersion, events, meta) {
      const version = expectedVersion + 1;
      // The commit's own id (an optional attribute commitFromItem leaves out): a put the SDK sent again after a
      // timeout finds this commit at the version, which was appended; any other commit there is a conflict.
      const commitId = randomUUID();
      const held = await putFirst(
        db,
        tableName,
        { PK: streamId, SK: version, events, ...meta, commitId },
        (stored) => stored.commitId === commitId,
      );
      if (held) throw new ConcurrencyError(streamId, expectedVersion);
      return version;
    },
  };
}
