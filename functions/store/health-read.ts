// The health check's read: one read, in parallel, of a key no entity uses in each table.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import { tables } from './tables.ts';

/** The key read: the IAM policy of the health function allows reading this partition only. */
export const healthKey = 'health';

export async function readEveryTable(deps: Pick<Deps, 'db' | 'tables'>) {
  await Promise.all(
    tables.map((table) =>
      deps.db.send(
        new GetCommand({
          TableName: deps.tables[table.id],
          Key: {
            [table.partitionKey.name]: healthKey,
            [table.sortKey.name]: table.sortKey.type === 'N' ? 0 : healthKey,
          },
        }),
      ),
    ),
  );
}
