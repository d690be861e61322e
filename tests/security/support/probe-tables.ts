// The security probes' view of the tables: every item of one, the writes made to them, and a stable text per item
// so that two snapshots compare as lists.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../../../functions/adapters/deps.ts';

type Item = Record<string, unknown>;

type TableName = 'events' | 'state' | 'views';

export async function scanTable(deps: Deps, table: TableName): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new ScanCommand({ TableName: deps.tables[table], ExclusiveStartKey, ConsistentRead: true }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

type Attribute = string | { S?: string; N?: string };
type Key = { PK?: Attribute; SK?: Attribute };
type WriteInput = {
  TableName?: string;
  Item?: Key;
  Key?: Key;
  RequestItems?: Record<string, { PutRequest?: { Item: Key }; DeleteRequest?: { Key: Key } }[]>;
};

/** A key attribute, plain or as an attribute value (once the document client has marshalled it). */
const plain = (value: Attribute | undefined) => (typeof value === 'object' ? (value.S ?? value.N) : value);

/** The table and key of each item a write request puts, updates or deletes. */
function writtenItems(command: string, input: WriteInput): { table: string; PK: string; SK: string }[] {
  const keyOf = (table: string, key: Key | undefined) => ({
    table,
    PK: String(plain(key?.PK)),
    SK: String(plain(key?.SK)),
  });
  if (command === 'BatchWriteItemCommand')
    return Object.entries(input.RequestItems ?? {}).flatMap(([table, requests]) =>
      requests.map((request) => keyOf(table, request.PutRequest?.Item ?? request.DeleteRequest?.Key)),
    );
  if (['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand'].includes(command))
    return [keyOf(input.TableName!, input.Item ?? input.Key)];
  return [];
}

/** Calls `seen` with the table and key of every item a write to the stack's tables succeeded on, from now on. */
function onWrites(deps: Deps, name: string, seen: (item: { table: string; PK: string; SK: string }) => void) {
  deps.db.middlewareStack.add(
    (next, context) => async (args) => {
      const answer = await next(args);
      for (const item of writtenItems(context.commandName ?? '', args.input as WriteInput)) seen(item);
      return answer;
    },
    { step: 'initialize', name },
  );
}

/**
 * From now on, counts the items that writes put, update or delete in the tables, through the stack's database
 * client (its handlers, projector and jobs share it), but those whose partition key `allowed` accepts. A write
 * counts once it succeeded, whether it added an item or changed one in place.
 */
export function countWrites(
  deps: Deps,
  tables: readonly ('events' | 'state')[],
  allowed: (pk: string) => boolean,
): () => number {
  const watched = new Set(tables.map((table) => deps.tables[table]));
  let writes = 0;
  onWrites(deps, 'probeWriteCount', ({ table, PK }) => {
    if (watched.has(table) && !allowed(PK)) writes += 1;
  });
  return () => writes;
}

/**
 * From now on, keeps the keys of the items writes put, update or delete in the three tables; the answer hands over
 * those written since it was last called, each once.
 */
export function writtenKeys(deps: Deps): () => { table: TableName; PK: string; SK: string }[] {
  const names = new Map((['events', 'state', 'views'] as const).map((table) => [deps.tables[table], table]));
  const written = new Map<string, { table: TableName; PK: string; SK: string }>();
  onWrites(deps, 'probeWrittenKeys', ({ table, PK, SK }) => {
    const name = names.get(table);
    if (name) written.set(JSON.stringify([name, PK, SK]), { table: name, PK, SK });
  });
  return () => {
    const keys = [...written.values()];
    written.clear();
    return keys;
  };
}

/** A stable text of an item, its attributes sorted. */
export const itemText = (item: Item) =>
  JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))));

/** A stable text per item, keyed and sorted, so two snapshots compare as lists. */
export const itemTexts = (items: Item[]) => items.map(itemText).sort();
