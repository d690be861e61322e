// Who may create, edit and delete which role (docs/rules.md, Roles).
import { ConflictError, ForbiddenError, ValidationError } from '../errors.ts';
import { canActAcrossClients, isSystemAdministrator, type Permission, permissionNames } from './permissions.ts';
import { type Role, RoleType } from './user.ts';

/** The caller as the role rules see him: his own client and the permissions his role gives. */
export interface RoleActor {
  clientId: number;
  permissions: readonly Permission[];
}

/**
 * Nobody grants a permission he does not hold; the refusal names the ones he lacks. A permission the role
 * already has may stay when someone who lacks it edits the role: keeping it grants nothing.
 */
export function assertGrantable(
  actor: RoleActor,
  permissions: readonly Permission[],
  alreadyHeld: readonly Permission[] = [],
): void {
  const lacking = permissions.filter((code) => !actor.permissions.includes(code) && !alreadyHeld.includes(code));
  if (lacking.length === 0) return;
  const names = lacking.map((code) => `'${permissionNames[code]}'`).join(', ');
  throw new ForbiddenError(`You cannot grant permissions you do not hold: ${names}`, 'PERMISSION_NOT_HELD');
}

/**
 * Nor takes a permission away from a role that they do not hold: its holders may hold more than the actor, whom a
 * role edit would otherwise let demote them (as a role change of the user may not: outrankedRefusal).
 */
export function assertRevocable(actor: RoleActor, before: readonly Permission[], after: readonly Permission[]): void {
  const taken = before.filter((code) => !after.includes(code) && !actor.permissions.includes(code));
  if (taken.length === 0) return;
  const names = taken.map((code) => `'${permissionNames[code]}'`).join(', ');
  throw new ForbiddenError(`You cannot take away permissions you do not hold: ${names}`, 'PERMISSION_NOT_HELD');
}

/**
 * The client a new role is for: left out, the caller's own; another client only for a caller who may act
 * across clients; null, a System Role (no client), only for a system administrator.
 */
export function clientOfNewRole(actor: RoleActor, requested: number | null | undefined): number | null {
  if (requested === undefined || requested === actor.clientId) return actor.clientId;
  assertMayManageClient(actor, requested);
  return requested;
}

/** A role's client is in reach of the caller: his own, another only across clients, a System Role only for a system administrator. */
export function assertMayManageClient(actor: RoleActor, clientId: number | null): void {
  if (clientId === null) {
    if (!isSystemAdministrator(actor.permissions))
      throw new ForbiddenError('Only a system administrator manages System Roles', 'SYSTEM_ROLE');
    return;
  }
  if (clientId !== actor.clientId && !canActAcrossClients(actor.permissions))
    throw new ForbiddenError('You can only manage the roles of your own client', 'OTHER_CLIENT');
}

/**
 * Only a user-created role can be edited. 409 rather than 403: no caller, however privileged, may edit
 * a system role; the role's type refuses it, not the caller's rights (it can still be deleted).
 */
export function assertEditable(role: Role, requestedClientId: number | null | undefined): void {
  if (role.roleType !== RoleType.UserCreated)
    throw new ConflictError(
      'Only user-created roles can be edited; this role can only be deleted',
      'ROLE_NOT_EDITABLE',
    );
  if (requestedClientId !== undefined && requestedClientId !== role.clientId)
    throw new ValidationError(
      'A role stays with its client; clientId must be the role’s own',
      undefined,
      'ROLE_CLIENT',
    );
}

/** A system role is deleted only by a system administrator. */
export function assertMayDelete(actor: RoleActor, role: Role): void {
  if (role.roleType === RoleType.System && !isSystemAdministrator(actor.permissions))
    throw new ForbiddenError('Only a system administrator deletes a system role', 'SYSTEM_ROLE');
}

/** No role is deleted while someone holds it. */
export function assertUnheld(holders: number): void {
  if (holders > 0)
    throw new ConflictError(
      holders === 1 ? '1 user still holds this role' : `${holders} users still hold this role`,
      'ROLE_IN_USE',
      { holders },
    );
}

/** Role names are unique among a client's live roles (System Roles among themselves), in any case. */
export function assertNameFree(name: string, clientId: number | null, roles: readonly Role[], except?: number): void {
  const wanted = name.toLowerCase();
  const taken = roles.some(
    (role) =>
      role.id !== except && role.clientId === clientId && !role.archivedAt && role.name.toLowerCase() === wanted,
  );
  if (taken) throw new ConflictError(`A role named '${name}' already exists`, 'ROLE_NAME_TAKEN');
}
