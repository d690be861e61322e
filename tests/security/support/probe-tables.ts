// The security probes' view of the tables: every item of one, the count of items, and a stable text per item so
// that two snapshots compare as lists.
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

export async function countItems(deps: Deps, table: 'events' | 'state'): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new ScanCommand({ TableName: deps.tables[table], ExclusiveStartKey, Select: 'COUNT', ConsistentRead: true }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** A stable text per item, keyed and sorted, so two snapshots compare as lists. */
export const itemTexts = (items: Item[]) =>
  items
    .map((item) => JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))))
    .sort();
