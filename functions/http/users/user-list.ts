// The client's users, filtered, searched (name, login, e-mail), ordered and paged: { data, total }.
import type { User } from '#domain/auth/user.ts';
import { getClient, listAllRoles, listUsers } from '../../store/accounts.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId } from '../auth-guard.ts';

const matches = (user: User, search: string) =>
  [user.firstName, user.lastName, user.middleName, user.displayName, user.login, user.emailAddress].some((field) =>
    field.toLowerCase().includes(search),
  );

export const userList: RouteImpl<'userList'> = async ({ input: form, caller }, deps) => {
  const clientId = scopedClientId(caller, form.clientId);
  const [users, roles, client] = await Promise.all([
    listUsers(deps, clientId),
    listAllRoles(deps),
    getClient(deps, clientId),
  ]);
  const roleName = new Map(roles.map((role) => [role.id, role.name]));
  const search = form.search?.toLowerCase();
  const found = users
    .filter((user) => form.id === undefined || user.id === form.id)
    .filter((user) => !search || matches(user, search))
    .sort((a, b) =>
      form.orderBy === 'id'
        ? a.id - b.id
        : String(a[form.orderBy]).localeCompare(String(b[form.orderBy])) || a.id - b.id,
    );
  const page = found.slice((form.page - 1) * form.limit, form.page * form.limit);
  return {
    total: found.length,
    data: page.map(({ passwordHash: _hidden, tokenVersion: _internal, status, ...user }) => ({
      ...user,
      active: status,
      client: client?.name ?? '',
      role: roleName.get(user.roleId) ?? '',
    })),
  };
};
