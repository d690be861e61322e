// The whole views table as sorted text, to compare what the incremental projector wrote with a rebuild.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../../../functions/adapters/deps.ts';

export async function viewsSnapshot(deps: Pick<Deps, 'db' | 'tables'>) {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(new ScanCommand({ TableName: deps.tables.views, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.map((item) => JSON.stringify(item, Object.keys(item).sort())).sort();
}
