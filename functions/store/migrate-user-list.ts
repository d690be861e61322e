// The users list was one directory of a hundred users per item (USERDIR), read whole for every page; it is now
// rows per user and order (user-directory.ts). This one-time step writes every client's rows from its user items,
// then drops the old directory, then sets the marker: a step cut short is simply run again.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import { listAllClients } from './clients.ts';
import { listUsers } from './users.ts';
import { keys } from './keys.ts';
import { batchDelete, getItem, type Key, putItem } from './state-table.ts';
import { putDirectoryRows } from './user-directory.ts';

const marker = keys.migration('user-list-rows');

async function oldDirectoryKeys(deps: Deps, clientId: number): Promise<Key[]> {
  const found: Key[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.tables.state,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.userDirectoryPartition(clientId) },
        ProjectionExpression: 'PK, SK',
        ExclusiveStartKey,
      }),
    );
    found.push(...((page.Items ?? []) as Key[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

/** Runs once per database; answers how many users it listed, or undefined when done before. */
export async function migrateUserList(deps: Deps): Promise<number | undefined> {
  if (await getItem(deps, marker)) return undefined;
  let listed = 0;
  for (const client of await listAllClients(deps)) {
    const users = await listUsers(deps, client.id);
    await putDirectoryRows(deps, users);
    await batchDelete(deps, await oldDirectoryKeys(deps, client.id));
    listed += users.length;
  }
  await putItem(deps, { ...marker, at: deps.clock.now().toISOString() });
  return listed;
}
