// The security probes' view of the tables: every item of one, the writes made to them, and a stable text per item
// so that two snapshots compare as lists.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../../../functions/adapters/deps.ts';

type Item = Record<string, unknown>;

export async function scanTable(deps: Deps, table: 'events' | 'state' | 'views'): Promise<Item[]> {
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

type Key = { PK?: string | { S?: string } };
type WriteInput = {
  TableName?: string;
  Item?: Key;
  Key?: Key;
  RequestItems?: Record<string, { PutRequest?: { Item: Key }; DeleteRequest?: { Key: Key } }[]>;
};

/** A key's partition key, plain or as an attribute value (once the document client has marshalled it). */
const pkOf = (key: Key | undefined) => String(typeof key?.PK === 'object' ? key.PK.S : key?.PK);

/** The table and partition key of each item a write request puts, updates or deletes. */
function writtenItems(command: string, input: WriteInput): { table: string; pk: string }[] {
  if (command === 'BatchWriteItemCommand')
    return Object.entries(input.RequestItems ?? {}).flatMap(([table, requests]) =>
      requests.map((request) => ({
        table,
        pk: pkOf(request.PutRequest?.Item ?? request.DeleteRequest?.Key),
      })),
    );
  if (['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand'].includes(command))
    return [{ table: input.TableName!, pk: pkOf(input.Item ?? input.Key) }];
  return [];
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
  deps.db.middlewareStack.add(
    (next, context) => async (args) => {
      const answer = await next(args);
      for (const { table, pk } of writtenItems(context.commandName ?? '', args.input as WriteInput))
        if (watched.has(table) && !allowed(pk)) writes += 1;
      return answer;
    },
    { step: 'initialize', name: 'probeWriteCount' },
  );
  return () => writes;
}

/** A stable text per item, keyed and sorted, so two snapshots compare as lists. */
export const itemTexts = (items: Item[]) =>
  items
    .map((item) => JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))))
    .sort();
