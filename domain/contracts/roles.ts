// Roles and the permission catalogue (docs/rules.md, Roles).
import * as z from 'zod/mini';
import type { Permission } from '../auth/permissions.ts';
import type { Role } from '../auth/user.ts';
import { int, message, nullableInt, page, permission, roleType, text } from './answers.ts';
import { answer, defineContract, type Message } from './contract.ts';
import { count, id, limits, name, optionalText, paging, permissionCodes } from './fields.ts';

export type RoleListRow = Omit<Role, 'archivedAt' | 'version'> & {
  clientName: string;
  roleCategory: string;
  /** What an edit of the role names as the version it was made from. */
  version: number;
};

const roleListRow: z.ZodMiniType<RoleListRow> = z.object({
  id: int,
  name: text,
  clientId: nullableInt,
  roleType,
  permissions: z.array(permission),
  clientName: text,
  roleCategory: text,
  version: int,
});

export const roleList = defineContract({
  method: 'POST',
  path: '/Services/api/Role/list',
  input: 'form',
  read: true,
  summary: "The caller's client's roles; for a client manager every client's and the system roles; paged",
  request: z.object(paging),
  response: answer<{ total: number; data: RoleListRow[] }>(page(roleListRow)),
});

export const permissionList = defineContract({
  method: 'GET',
  path: '/Services/api/Role/permission-list',
  input: 'query',
  summary: 'The 24 permissions, with their names',
  request: z.object({}),
  response: answer<{ id: Permission; name: string }[]>(z.array(z.object({ id: permission, name: text }))),
});

const roleFields = {
  name: name('Name'),
  /** Left out: the caller's own client; null: a System Role, made only by a system administrator (docs/rules.md, Roles). */
  clientId: z.nullish(id('clientId')),
  /** Sent by the web app for display only; the server reads the client's name itself. */
  clientName: z.nullish(optionalText('clientName', limits.name)),
  permissions: permissionCodes,
};

export const createRole = defineContract({
  method: 'POST',
  path: '/Services/api/Role/create',
  input: 'json',
  invalidates: ['roleList'],
  summary: "Creates a role of the caller's client (a client manager may name one) with permissions the caller holds",
  request: z.object(roleFields),
  response: answer<RoleListRow>(roleListRow, 201),
  refusals: [404, 409],
});

export const editRole = defineContract({
  method: 'POST',
  path: '/Services/api/Role/edit',
  input: 'json',
  // The editor may hold the role: the pages offered follow the signed-in user's permissions.
  invalidates: ['roleList', 'currentUser'],
  summary: 'Renames a user-created role or changes its permissions (within the caller’s own)',
  request: z.object({
    id: id('id'),
    ...roleFields,
    /** The role's version the edit was made from (its row's); 409 ROLE_CHANGED when another edit came since. */
    version: z.optional(count('version')),
  }),
  response: answer<RoleListRow>(roleListRow),
  refusals: [404, 409],
});

export const deleteRole = defineContract({
  method: 'DELETE',
  path: '/Services/api/Role/delete',
  input: 'query',
  invalidates: ['roleList'],
  summary: 'Archives a role nobody holds (409 with the number of holders otherwise)',
  request: z.object({ id: id('id') }),
  response: answer<Message>(message),
  refusals: [404, 409],
});

export const rolesContracts = { roleList, permissionList, createRole, editRole, deleteRole };
