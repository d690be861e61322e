// Roles and the permission catalogue (docs/rules.md, Roles).
import { allPermissions, Permission, permissionNames } from '#domain/auth/permissions.ts';
import {
  assertMayDelete,
  assertEditable,
  assertGrantable,
  assertMayManageClient,
  assertNameFree,
  assertRevocable,
  assertUnheld,
  clientOfNewRole,
  type RoleActor,
} from '#domain/auth/role-rules.ts';
import { type Client, type Role, roleCategory, RoleType } from '#domain/auth/user.ts';
import type { RoleListRow } from '#domain/contracts/roles.ts';
import { NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../../adapters/deps.ts';
import { administratorsAround } from '../../store/administrators.ts';
import { getClient, listAllClients } from '../../store/clients.ts';
import {
  archiveUnheldRole,
  countHolders,
  createRole as storeCreate,
  getRole,
  listAllRoles,
  listClientRoles,
  renameAndSaveRole,
  roleChanged,
} from '../../store/roles.ts';
import { editedFrom } from '../../store/state-table.ts';
import type { Caller } from '../auth-guard.ts';
import type { RouteImpl } from '../area-api.ts';
import { reply } from '../json-answer.ts';

const systemRoleName = 'System Role';

const actorOf = (caller: Caller): RoleActor => ({ clientId: caller.client.id, permissions: caller.permissions });

const toRow = (role: Role, clientName: string): RoleListRow => ({
  id: role.id,
  name: role.name,
  clientId: role.clientId,
  roleType: role.roleType,
  permissions: role.permissions,
  clientName,
  roleCategory: roleCategory(role),
  version: role.version ?? 0,
});

async function liveRole(deps: Deps, roleId: number): Promise<Role> {
  const role = await getRole(deps, roleId);
  if (!role || role.archivedAt) throw new NotFoundError('Role not found', 'ROLE_NOT_FOUND');
  return role;
}

/** The name a role of the client shows; a deleted or unknown client has no roles (404). */
async function clientNameOf(deps: Deps, clientId: number | null): Promise<string> {
  if (clientId === null) return systemRoleName;
  const client = await getClient(deps, clientId);
  if (!client || client.archivedAt) throw new NotFoundError('Client not found', 'CLIENT_NOT_FOUND');
  return client.name;
}

const names = new Intl.Collator('en', { sensitivity: 'base' });

/** System Roles first, then by client name, role name and id, so pages never overlap. */
const listOrder = (a: RoleListRow, b: RoleListRow) =>
  Number(a.clientId !== null) - Number(b.clientId !== null) ||
  names.compare(a.clientName, b.clientName) ||
  names.compare(a.name, b.name) ||
  a.id - b.id;

export const roleList: RouteImpl<'roleList'> = async ({ input: { limit, page }, caller }, deps) => {
  const seesAll = caller.permissions.includes(Permission.ViewClients);
  // Every client's for whoever sees them all; else the caller's client's alone, read from its own roles' claims.
  const [roles, clients] = await Promise.all([
    seesAll ? listAllRoles(deps) : listClientRoles(deps, caller.client.id),
    seesAll ? listAllClients(deps) : ([caller.client] as Client[]),
  ]);
  const clientNames = new Map(clients.filter((client) => !client.archivedAt).map((client) => [client.id, client.name]));
  const rows = roles
    .filter((role) => !role.archivedAt && (role.clientId === null ? seesAll : clientNames.has(role.clientId)))
    .map((role) => toRow(role, role.clientId === null ? systemRoleName : clientNames.get(role.clientId)!))
    .sort(listOrder);
  return { total: rows.length, data: rows.slice((page - 1) * limit, page * limit) };
};

export const permissionList: RouteImpl<'permissionList'> = async () =>
  allPermissions.map((id) => ({ id, name: permissionNames[id] }));

export const createRole: RouteImpl<'createRole'> = async ({ input, caller }, deps) => {
  const actor = actorOf(caller);
  const clientId = clientOfNewRole(actor, input.clientId);
  assertGrantable(actor, input.permissions);
  const clientName = await clientNameOf(deps, clientId);
  const id = await deps.ids.next('role');
  // Drawn first: a role of this id is this change's own, made by an earlier attempt (functions/http/request-key.ts).
  assertNameFree(input.name, clientId, await listClientRoles(deps, clientId), id);
  const role: Role = {
    id,
    name: input.name,
    clientId,
    roleType: RoleType.UserCreated,
    permissions: input.permissions,
  };
  await storeCreate(deps, role, deps.clock.now());
  return reply(201, toRow(role, clientName));
};

export const editRole: RouteImpl<'editRole'> = async ({ input, caller }, deps) => {
  const role = await liveRole(deps, input.id);
  const actor = actorOf(caller);
  assertMayManageClient(actor, role.clientId);
  assertEditable(role, input.clientId);
  // Over the version the page read: another edit since is 409, this one landed already is done (replaceLive).
  const from = editedFrom(input.version, role.version, roleChanged);
  assertGrantable(actor, input.permissions, role.permissions);
  assertRevocable(actor, role.permissions, input.permissions);
  const clientName = await clientNameOf(deps, role.clientId);
  assertNameFree(input.name, role.clientId, await listClientRoles(deps, role.clientId), role.id);
  const edited: Role = { ...role, name: input.name, permissions: input.permissions, version: from + 1 };
  // Its holders leave or join their clients' administrators around the write (docs/invariants.md, Last administrator).
  const read = { ...role, version: from };
  await administratorsAround(deps, read, edited, () => renameAndSaveRole(deps, read, edited, deps.clock.now()));
  return toRow(edited, clientName);
};

export const deleteRole: RouteImpl<'deleteRole'> = async ({ input, caller }, deps) => {
  const role = await liveRole(deps, input.id);
  const actor = actorOf(caller);
  assertMayManageClient(actor, role.clientId);
  assertMayDelete(actor, role);
  assertUnheld(await countHolders(deps, role));
  // Given to someone since that count: counted again once archived, and then put back.
  assertUnheld(await archiveUnheldRole(deps, role.id, deps.clock.now()));
  return { message: 'Role has been deleted' };
};
