// Small helpers over the state and views tables: conditional put, update and delete, and batch put and delete; the
// reads are table-reads.ts's (exported here too). Every write to the state table stamps what it wrote: after it
// succeeds, each version stamp its items' partitions feed (stamped-partitions.ts) gets a fresh token, once per call,
// so no writer has a stamp to remember.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import { putFirst } from '../adapters/first-write.ts';
import { pauseBeforeResending } from '../adapters/transient-fault.ts';
import { stampWritten } from './stamped-partitions.ts';
import { getItem, type Item, type Key, type TableId, withoutKeys } from './table-reads.ts';

export {
  batchGet,
  findOwned,
  getItem,
  type Key,
  type QueryOptions,
  queryAll,
  scanByPrefix,
  withoutKeys,
} from './table-reads.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

/** A conditional write refused: its condition did not hold. */
export const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

/** The table's key of an item: a key builder's index keys (GSI1PK, …) left out, which DynamoDB refuses in a Key. */
const primaryKey = ({ PK, SK }: Key): Key => ({ PK, SK });

/** After a write that succeeded: the state table's stamps of what it wrote move; the views table has none here. */
const written = (deps: Store, table: TableId | undefined, items: readonly Key[]) =>
  (table ?? 'state') === 'state' ? stampWritten(deps, items) : Promise.resolve();

/** The value as the document client stores it: undefined left out, in maps and lists alike (removeUndefinedValues). */
const stored = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.filter((each) => each !== undefined).map(stored);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([name, each]) => (each === undefined ? [] : [[name, stored(each)]])),
  );
};

/** Whether the stored item holds what `item` puts in each of `fields`: an earlier attempt's of the same change. */
export const sameFields = <T extends object>(held: Item, item: T, fields: readonly (keyof T & string)[]) =>
  fields.every((field) => isDeepStrictEqual(held[field], stored(item[field])));

/** Whether the stored item (keys left out) holds exactly what `item` puts. */
const sameItem = (held: Item, item: Item) => isDeepStrictEqual(held, withoutKeys(stored(item) as Item));

/**
 * Puts the item; `ifAbsent` or `when` (with its `values`) make it conditional, and a refusal throws. With
 * `isOwn` (for `ifAbsent`, by default: the same item), a refusal by the item our own put wrote before its answer was
 * lost (the SDK sent it again) is success. `overVersion` puts a versioned item only over the version read (0: where
 * there is none, no item or one from before it had versions), and only where `when` holds too; it gets a fresh
 * `writeId` to know its own by, since two writers can put alike items.
 */
export async function putItem(
  deps: Store,
  item: Key & Item,
  options: {
    ifAbsent?: boolean;
    when?: string;
    values?: Record<string, unknown>;
    overVersion?: number;
    isOwn?: (held: Item) => boolean;
    table?: TableId;
  } = {},
): Promise<void> {
  const { overVersion, ifAbsent } = options;
  const writeId = overVersion === undefined ? undefined : randomUUID();
  const versioned =
    overVersion === undefined ? undefined : overVersion ? 'version = :version' : 'attribute_not_exists(version)';
  const condition = ifAbsent
    ? 'attribute_not_exists(PK)'
    : [options.when && `(${options.when})`, versioned].filter(Boolean).join(' AND ') || undefined;
  // `ifAbsent` has a condition of its own: values for `when` would be unused, which DynamoDB refuses.
  const values = ifAbsent ? {} : { ...options.values, ...(overVersion ? { ':version': overVersion } : {}) };
  const put = writeId ? { ...item, writeId } : item;
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables[options.table ?? 'state'],
        Item: put,
        ...(condition ? { ConditionExpression: condition } : {}),
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      }),
    );
  } catch (error) {
    // A put only if absent that finds the very item it puts is its own earlier attempt, unless told otherwise.
    const isOwn = writeId
      ? (held: Item) => held.writeId === writeId
      : (options.isOwn ?? (ifAbsent ? (held: Item) => sameItem(held, item) : undefined));
    if (!isConditionFailure(error) || !isOwn) throw error;
    const held = await getItem<Item>(deps, { PK: item.PK, SK: item.SK }, options.table);
    if (!held || !isOwn(held)) throw error;
  }
  await written(deps, options.table, [item]);
}

/**
 * Puts the item on the condition that its key is free: undefined when the item there is ours (`isOwn` knows the
 * one an earlier attempt wrote, whose answer a timeout lost), else the item that holds the key, keys left out.
 */
export async function putIfFree<T>(
  deps: Store,
  item: Key & Item,
  isOwn: (held: T) => boolean,
  table: TableId = 'state',
): Promise<T | undefined> {
  const held = await putFirst(deps.db, deps.tables[table], item, (stored) => isOwn(withoutKeys<T>(stored)));
  if (held) return withoutKeys<T>(held);
  await written(deps, table, [item]);
  return undefined;
}

/** The condition that the item is there and not deleted (archived). */
export const liveItem = 'attribute_exists(PK) AND attribute_not_exists(archivedAt)';

/**
 * The version an edit of a versioned item is made from: the one its page read (`asked`), else the stored one. One
 * another edit has passed is 409 at once, before anything is written; one the stored version is just past may be this
 * very edit landed already, which replaceLive answers as done.
 */
export function editedFrom(asked: number | undefined, stored: number | undefined, changed: () => Error): number {
  const held = stored ?? 0;
  if (asked === undefined || asked === held) return held;
  if (asked + 1 === held) return asked;
  throw changed();
}

/**
 * Replaces a live item read at version `readVersion` with its edit, which carries the next version. Refused, it reads
 * the item again: holding this very edit, an earlier attempt of it landed (its answer or its stamps were lost), so its
 * stamps move now and it is done; still live, another edit changed it since the read (`changed`); else it was deleted
 * meanwhile (`gone`).
 */
export async function replaceLive(
  deps: Store,
  item: Key & Item,
  readVersion: number,
  refusals: { changed: () => Error; gone: () => Error | Promise<Error> },
): Promise<void> {
  try {
    await putItem(deps, item, { when: liveItem, overVersion: readVersion });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const found = await getItem<Item>(deps, primaryKey(item));
    const { writeId: _held, ...held } = found ?? {};
    const { writeId: _put, ...put } = item;
    if (held.version === readVersion + 1 && sameItem(held, put)) return written(deps, 'state', [item]);
    throw found && !found.archivedAt ? refusals.changed() : await refusals.gone();
  }
}

/**
 * Sets these fields of the item at `key` (undefined ones left out, `remove` dropped) where `when` holds, and answers
 * the item as it is then; a refusal throws (isConditionFailure). `names` and `values` are the condition's own.
 */
export async function setFields<T>(
  deps: Store,
  key: Key,
  fields: Record<string, unknown>,
  condition: { when: string; names?: Record<string, string>; values?: Record<string, unknown>; remove?: string[] },
): Promise<T> {
  const given = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (!given.length) throw new Error('setFields: no field to set');
  const remove = condition.remove?.length ? ` REMOVE ${condition.remove.join(', ')}` : '';
  const { Attributes } = await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: primaryKey(key),
      UpdateExpression: `SET ${given.map((_, index) => `#f${index} = :f${index}`).join(', ')}${remove}`,
      ConditionExpression: condition.when,
      ExpressionAttributeNames: {
        ...condition.names,
        ...Object.fromEntries(given.map(([name], index) => [`#f${index}`, name])),
      },
      ExpressionAttributeValues: {
        ...condition.values,
        ...Object.fromEntries(given.map(([, value], index) => [`:f${index}`, value])),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  await written(deps, 'state', [key]);
  return withoutKeys<T>(Attributes!);
}

/** One conditional update: true when it was made, false when its condition did not hold. */
export async function updateIf(
  deps: Store,
  key: Key,
  update: { set: string; when: string; values: Record<string, unknown>; names?: Record<string, string> },
): Promise<boolean> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: primaryKey(key),
        UpdateExpression: update.set,
        ConditionExpression: update.when,
        ExpressionAttributeValues: update.values,
        ...(update.names ? { ExpressionAttributeNames: update.names } : {}),
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await written(deps, 'state', [key]);
  return true;
}

/** One conditional delete: true when it was made, false when its condition did not hold (or no item was there). */
export async function deleteIf(
  deps: Store,
  key: Key,
  condition: { when: string; values: Record<string, unknown> },
): Promise<boolean> {
  try {
    await deps.db.send(
      new DeleteCommand({
        TableName: deps.tables.state,
        Key: primaryKey(key),
        ConditionExpression: condition.when,
        ExpressionAttributeValues: condition.values,
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await written(deps, 'state', [key]);
  return true;
}

export async function deleteItem(deps: Store, key: Key, table: TableId = 'state') {
  await deps.db.send(new DeleteCommand({ TableName: deps.tables[table], Key: key }));
  await written(deps, table, [key]);
}

type WriteRequest = { PutRequest: { Item: Key & Item } } | { DeleteRequest: { Key: Key } };

/**
 * Sends write requests 25 at a time (the BatchWrite limit), four batches in flight, resending what DynamoDB left
 * unprocessed; then each stamp the written partitions feed moves once, whatever the number of items.
 */
async function batchWrite(deps: Store, all: readonly WriteRequest[], table: TableId) {
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
  await written(
    deps,
    table,
    all.map((request) => ('PutRequest' in request ? request.PutRequest.Item : request.DeleteRequest.Key)),
  );
}

export const batchPut = (deps: Store, items: readonly (Key & Item)[], table: TableId = 'state') =>
  batchWrite(
    deps,
    items.map((Item) => ({ PutRequest: { Item } })),
    table,
  );

export const batchDelete = (deps: Store, keys: readonly Key[], table: TableId = 'state') =>
  batchWrite(
    deps,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
    table,
  );
