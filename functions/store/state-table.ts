// Small helpers over the state and views tables: typed get, conditional put, delete, paged query, batch get and
// put, and a scan by key prefix for one-time migrations.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import { putFirst } from '../adapters/first-write.ts';
import { pauseBeforeResending } from '../adapters/transient-fault.ts';
import { keys, type OwnedKind } from './keys.ts';

export type Key = { PK: string; SK: string };

/** A conditional write refused: its condition did not hold. */
export const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;
type Item = Record<string, unknown>;
type TableId = 'state' | 'views';

const keyAttributes = ['PK', 'SK', ...[1, 2, 3, 4].flatMap((index) => [`GSI${index}PK`, `GSI${index}SK`])];
export const withoutKeys = <T>(item: Item): T =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !keyAttributes.includes(name))) as T;

export async function getItem<T>(
  deps: Pick<Deps, 'db' | 'tables'>,
  key: Key,
  table: TableId = 'state',
): Promise<T | undefined> {
  const { Item } = await deps.db.send(
    new GetCommand({ TableName: deps.tables[table], Key: key, ConsistentRead: true }),
  );
  return Item ? withoutKeys<T>(Item) : undefined;
}

export async function putItem(
  deps: Pick<Deps, 'db' | 'tables'>,
  item: Key & Item,
  options: { ifAbsent?: boolean; table?: TableId } = {},
): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables[options.table ?? 'state'],
      Item: item,
      ...(options.ifAbsent ? { ConditionExpression: 'attribute_not_exists(PK)' } : {}),
    }),
  );
}

/**
 * Puts the item on the condition that its key is free: undefined when the item there is ours (`isOwn` knows the
 * one an earlier attempt wrote, whose answer a timeout lost), else the item that holds the key, keys left out.
 */
export async function putIfFree<T>(
  deps: Pick<Deps, 'db' | 'tables'>,
  item: Key & Item,
  isOwn: (held: T) => boolean,
  table: TableId = 'state',
): Promise<T | undefined> {
  const held = await putFirst(deps.db, deps.tables[table], item, (stored) => isOwn(withoutKeys<T>(stored)));
  return held && withoutKeys<T>(held);
}

/** One conditional update: true when it was made, false when its condition did not hold. */
export async function updateIf(
  deps: Pick<Deps, 'db' | 'tables'>,
  key: Key,
  update: { set: string; when: string; values: Record<string, unknown>; names?: Record<string, string> },
): Promise<boolean> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: key,
        UpdateExpression: update.set,
        ConditionExpression: update.when,
        ExpressionAttributeValues: update.values,
        ...(update.names ? { ExpressionAttributeNames: update.names } : {}),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** One conditional delete: true when it was made, false when its condition did not hold (or no item was there). */
export async function deleteIf(
  deps: Pick<Deps, 'db' | 'tables'>,
  key: Key,
  condition: { when: string; values: Record<string, unknown> },
): Promise<boolean> {
  try {
    await deps.db.send(
      new DeleteCommand({
        TableName: deps.tables.state,
        Key: key,
        ConditionExpression: condition.when,
        ExpressionAttributeValues: condition.values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function deleteItem(deps: Pick<Deps, 'db' | 'tables'>, key: Key, table: TableId = 'state') {
  await deps.db.send(new DeleteCommand({ TableName: deps.tables[table], Key: key }));
}

/** Every item whose partition key starts with the prefix, keys included: a whole-table read, for one-time migrations only. */
export async function scanByPrefix<T extends Key>(
  deps: Pick<Deps, 'db' | 'tables'>,
  prefix: string,
  table: TableId = 'state',
): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await deps.db.send(
      new ScanCommand({
        TableName: deps.tables[table],
        FilterExpression: 'begins_with(PK, :prefix)',
        ExpressionAttributeValues: { ':prefix': prefix },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** With a limit, one page of at most that many items; descending reads the sort key backwards. */
export interface QueryOptions {
  skPrefix?: string;
  index?: 'GSI1' | 'GSI2' | 'GSI3' | 'GSI4';
  table?: TableId;
  limit?: number;
  descending?: boolean;
}

export async function queryAll<T>(
  deps: Pick<Deps, 'db' | 'tables'>,
  pk: string,
  options: QueryOptions = {},
): Promise<T[]> {
  const pkName = options.index ? `${options.index}PK` : 'PK';
  const skName = options.index ? `${options.index}SK` : 'SK';
  const items: T[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.tables[options.table ?? 'state'],
        IndexName: options.index,
        KeyConditionExpression: options.skPrefix ? '#pk = :pk AND begins_with(#sk, :sk)' : '#pk = :pk',
        ExpressionAttributeNames: { '#pk': pkName, ...(options.skPrefix ? { '#sk': skName } : {}) },
        ExpressionAttributeValues: { ':pk': pk, ...(options.skPrefix ? { ':sk': options.skPrefix } : {}) },
        ConsistentRead: options.index ? undefined : true,
        Limit: options.limit,
        ScanIndexForward: options.descending ? false : undefined,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []).map((item) => withoutKeys<T>(item)));
    ExclusiveStartKey = options.limit ? undefined : page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

type WriteRequest = { PutRequest: { Item: Key & Item } } | { DeleteRequest: { Key: Key } };

/** Sends write requests 25 at a time (the BatchWrite limit), four batches in flight, resending what DynamoDB left unprocessed. */
async function batchWrite(deps: Pick<Deps, 'db' | 'tables'>, all: readonly WriteRequest[], table: TableId) {
  const batches: WriteRequest[][] = [];
  for (let start = 0; start < all.length; start += 25) batches.push(all.slice(start, start + 25));
  let next = 0;
  const worker = async () => {
    for (let batch = batches[next++]; batch; batch = batches[next++]) {
      let requests = batch;
      for (let attempt = 0; requests.length > 0; attempt++) {
        await pauseBeforeResending(attempt, 'BatchWrite');
        const answer = await deps.db.send(new BatchWriteCommand({ RequestItems: { [deps.tables[table]]: requests } }));
        requests = (answer.UnprocessedItems?.[deps.tables[table]] ?? []) as WriteRequest[];
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, batches.length) }, worker));
}

/** Items by key, read consistently 100 keys at a time (the BatchGet limit), in no particular order; missing ones left out. */
export async function batchGet<T = Item>(
  deps: Pick<Deps, 'db' | 'tables'>,
  keys: readonly Key[],
  table: TableId = 'state',
): Promise<T[]> {
  const name = deps.tables[table];
  const items: T[] = [];
  for (let start = 0; start < keys.length; start += 100) {
    let Keys: Record<string, unknown>[] = keys.slice(start, start + 100);
    for (let attempt = 0; Keys.length > 0; attempt++) {
      await pauseBeforeResending(attempt, 'BatchGet');
      const answer = await deps.db.send(
        new BatchGetCommand({ RequestItems: { [name]: { Keys, ConsistentRead: true } } }),
      );
      items.push(...((answer.Responses?.[name] ?? []) as T[]));
      Keys = answer.UnprocessedKeys?.[name]?.Keys ?? [];
    }
  }
  return items;
}

export const batchPut = (deps: Pick<Deps, 'db' | 'tables'>, items: readonly (Key & Item)[], table: TableId = 'state') =>
  batchWrite(
    deps,
    items.map((Item) => ({ PutRequest: { Item } })),
    table,
  );

export const batchDelete = (deps: Pick<Deps, 'db' | 'tables'>, keys: readonly Key[], table: TableId = 'state') =>
  batchWrite(
    deps,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
    table,
  );

/**
 * A client-owned item by its id alone: GSI1 says whose it is, then the item itself is read consistently (an
 * index lags its table, and an edit must start from the latest version).
 */
export async function findOwned<T>(
  deps: Pick<Deps, 'db' | 'tables'>,
  kind: OwnedKind,
  id: number,
  keyOf: (indexed: T) => Key,
): Promise<T | undefined> {
  const [indexed] = await queryAll<T>(deps, keys.owned(kind, id), { index: 'GSI1', limit: 1 });
  if (!indexed) return undefined;
  const { PK, SK } = keyOf(indexed);
  return getItem<T>(deps, { PK, SK });
}
