// Reads of the state and views tables: typed get, paged query, batch get, an owned item by id, and a scan by key
// prefix for one-time migrations. The writes, which stamp what they write, are state-table.ts's.
import { BatchGetCommand, GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import { pauseBeforeResending } from '../adapters/transient-fault.ts';
import { keys, type OwnedKind } from './keys.ts';

export type Key = { PK: string; SK: string };
export type Item = Record<string, unknown>;
export type TableId = 'state' | 'views';

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

/**
 * With a limit, one page of at most that many items; descending reads the sort key backwards; with `while`, the read
 * ends at the first item (in the key's order) that fails it, which is left out, reading pages of `whilePage` items so
 * that it reads little past it.
 */
export interface QueryOptions {
  skPrefix?: string;
  index?: 'GSI1' | 'GSI2' | 'GSI3' | 'GSI4';
  table?: TableId;
  limit?: number;
  descending?: boolean;
  while?: (item: Item) => boolean;
}

const whilePage = 100;

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
        Limit: options.limit ?? (options.while ? whilePage : undefined),
        ScanIndexForward: options.descending ? false : undefined,
        ExclusiveStartKey,
      }),
    );
    const read = page.Items ?? [];
    const end = options.while ? read.findIndex((item) => !options.while!(item)) : -1;
    items.push(...(end === -1 ? read : read.slice(0, end)).map((item) => withoutKeys<T>(item)));
    if (end !== -1) return items;
    ExclusiveStartKey = options.limit ? undefined : page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
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

/** The items at these keys (at most 100) in one consistent batch read, in the keys' order: undefined where none is. */
export async function getItems(
  deps: Pick<Deps, 'db' | 'tables'>,
  keys: readonly Key[],
  table: TableId = 'state',
): Promise<(Item | undefined)[]> {
  const id = ({ PK, SK }: Key) => JSON.stringify([PK, SK]);
  // BatchGetItem refuses a key asked twice.
  const unique = [...new Map(keys.map((key) => [id(key), key])).values()];
  const found = new Map((await batchGet<Key & Item>(deps, unique, table)).map((item) => [id(item), item]));
  return keys.map((key) => {
    const item = found.get(id(key));
    return item && withoutKeys<Item>(item);
  });
}

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
