// The client's users, filtered, searched (name, login, e-mail), ordered and paged: { data, total }. Read from
// the client's user directory (one query of a hundred users per item), never from every user item.
import type { Client, Role } from '#domain/auth/user.ts';
import type { UserListRow } from '#domain/contracts/users.ts';
import { getClient } from '../../store/clients.ts';
import { listAllRoles } from '../../store/roles.ts';
import { type DirectoryRow, listDirectory } from '../../store/user-directory.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId } from '../auth-guard.ts';

const matches = (user: DirectoryRow, search: string) =>
  [user.firstName, user.lastName, user.middleName, user.displayName, user.login, user.emailAddress].some((field) =>
    field.toLowerCase().includes(search),
  );

export const toListRow = (
  { status, deleted: _deleted, ...user }: DirectoryRow,
  client: Pick<Client, 'id' | 'name'>,
  role: Pick<Role, 'name'> | undefined,
): UserListRow => ({ ...user, clientId: client.id, active: status, client: client.name, role: role?.name ?? '' });

export const userList: RouteImpl<'userList'> = async ({ input: form, caller }, deps) => {
  const clientId = scopedClientId(caller, form.clientId);
  const [users, roles, client] = await Promise.all([
    listDirectory(deps, clientId),
    listAllRoles(deps),
    getClient(deps, clientId),
  ]);
  const roleOf = new Map(roles.map((role) => [role.id, role]));
  const search = form.search?.toLowerCase();
  const found = users
    .filter((user) => !user.deleted)
    .filter((user) => form.id === undefined || user.id === form.id)
    .filter((user) => form.roleId === undefined || user.roleId === form.roleId)
    .filter((user) => form.active === undefined || user.status === form.active)
    .filter((user) => !search || matches(user, search))
    .sort((a, b) =>
      form.orderBy === 'id'
        ? a.id - b.id
        : String(a[form.orderBy]).localeCompare(String(b[form.orderBy])) || a.id - b.id,
    );
  const page = found.slice((form.page - 1) * form.limit, form.page * form.limit);
  const named = { id: clientId, name: client?.name ?? '' };
  return { total: found.length, data: page.map((user) => toListRow(user, named, roleOf.get(user.roleId))) };
};
