// The client's users, filtered, searched (a name, login or e-mail starting with it), ordered and paged:
// { data, total, more }. A page reads its own rows from the order's index and the total from the counts item; a
// search reads the users it finds, at most a bounded number (`more` says it found more); neither reads the client's
// whole directory.
import type { Permission } from '#domain/auth/permissions.ts';
import { outrankedRefusal } from '#domain/auth/role-choice.ts';
import type { Client, Role } from '#domain/auth/user.ts';
import type { InputOf } from '#domain/contracts/contract.ts';
import type { UserListRow, userList as userListContract } from '#domain/contracts/users.ts';
import type { Deps } from '../../adapters/deps.ts';
import { getClient } from '../../store/clients.ts';
import { getRoles } from '../../store/roles.ts';
import {
  countListed,
  directoryPage,
  directoryRowOf,
  type ListFilter,
  matchesSearch,
  passesFilter,
  searchDirectory,
} from '../../store/user-directory-reads.ts';
import { type DirectoryRow, sortKey } from '../../store/user-directory.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId } from '../auth-guard.ts';

type Form = InputOf<typeof userListContract>;

export const toListRow = (
  { status, deleted: _deleted, ...user }: DirectoryRow,
  client: Pick<Client, 'id' | 'name'>,
  role: Pick<Role, 'name' | 'permissions' | 'archivedAt'> | undefined,
  reader: { permissions: readonly Permission[] },
): UserListRow => ({
  ...user,
  clientId: client.id,
  active: status,
  client: client.name,
  role: role?.name ?? '',
  ...(role?.archivedAt ? { roleDeleted: true } : {}),
  ...(role && outrankedRefusal(reader, user, role) ? { outranksYou: true } : {}),
});

/** An id or a search narrows the list to a few users: those are read, filtered, ordered and paged here. */
async function narrowed(deps: Deps, clientId: number, form: Form, filter: ListFilter, offset: number) {
  const { rows: candidates, more } =
    form.id === undefined
      ? await searchDirectory(deps, clientId, form.search!)
      : { rows: [await directoryRowOf(deps, clientId, form.id)].filter((row) => !!row), more: false };
  const found = candidates
    .filter((row) => passesFilter(row, filter) && (!form.search || matchesSearch(row, form.search)))
    .map((row) => ({ row, key: sortKey(row, form.orderBy) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ row }) => row);
  return { rows: found.slice(offset, offset + form.limit), total: found.length, more };
}

async function listedRows(deps: Deps, clientId: number, form: Form) {
  const filter: ListFilter = { roleId: form.roleId, active: form.active };
  const offset = (form.page - 1) * form.limit;
  if (form.id !== undefined || form.search) return narrowed(deps, clientId, form, filter, offset);
  const [rows, total] = await Promise.all([
    directoryPage(deps, clientId, form.orderBy, filter, offset, form.limit),
    countListed(deps, clientId, filter),
  ]);
  return { rows, total, more: false };
}

export const userList: RouteImpl<'userList'> = async ({ input: form, caller }, deps) => {
  const clientId = scopedClientId(caller, form.clientId);
  const [{ rows, total, more }, client] = await Promise.all([
    listedRows(deps, clientId, form),
    clientId === caller.client.id ? caller.client : getClient(deps, clientId),
  ]);
  const roleOf = await getRoles(
    deps,
    rows.map((row) => row.roleId),
  );
  const named = { id: clientId, name: client?.name ?? '' };
  return {
    total,
    data: rows.map((row) => toListRow(row, named, roleOf.get(row.roleId), caller)),
    ...(more ? { more: true as const } : {}),
  };
};
