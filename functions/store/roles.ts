// Roles beyond get/list/put (functions/store/accounts.ts): saving an edit, archiving, counting holders.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Client, Role } from '#domain/auth/user.ts';
import { NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { listUsers } from './accounts.ts';
import { keys } from './keys.ts';
import { queryAll } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

const live = 'attribute_exists(PK) AND attribute_not_exists(archivedAt)';

async function unlessGone(write: Promise<unknown>) {
  try {
    await write;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new NotFoundError('Role not found', 'ROLE_NOT_FOUND');
    throw error;
  }
}

/** Every client, archived ones too, in one query of the clients partition. */
export const listClients = (deps: Store) => queryAll<Client>(deps, keys.clientsPartition, { skPrefix: 'CLIENT#' });

/** Replaces a live role; a role deleted meanwhile stays deleted (404). */
export const saveRole = (deps: Store, role: Role) =>
  unlessGone(
    deps.db.send(
      new PutCommand({
        TableName: deps.tables.state,
        Item: { ...keys.role(role.id), ...role },
        ConditionExpression: live,
      }),
    ),
  );

export const archiveRole = (deps: Store, roleId: number, at: Date) =>
  unlessGone(
    deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.role(roleId),
        UpdateExpression: 'SET archivedAt = :at',
        ConditionExpression: live,
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    ),
  );

/** How many users hold the role: its client's users, or every client's for a System Role; deleted users hold none. */
export async function countHolders(deps: Store, role: Role): Promise<number> {
  const clientIds = role.clientId === null ? (await listClients(deps)).map((client) => client.id) : [role.clientId];
  const users = await Promise.all(clientIds.map((clientId) => listUsers(deps, clientId)));
  return users.flat().filter((user) => user.roleId === role.id && !user.deletedAt).length;
}
