// The rule for choosing a user's role, used by User/create and every row of the users CSV import (docs/rules.md,
// Users): the client's Bettor role is everyone's to give; any other role needs 'delete clients', and no role may
// hold a permission the chooser does not hold. A role change in User/edit applies the last part only, and neither it
// nor User/delete reaches a user whose role holds a permission the actor lacks.
import { ForbiddenError } from '../errors.ts';
import { Permission, permissionNames } from './permissions.ts';
import { bettorRoleName } from './standard-roles.ts';
import type { Role } from './user.ts';

export interface RoleChoiceRefusal {
  code: 'ROLE_CHOICE' | 'PERMISSION_NOT_HELD';
  message: string;
}

/** Why the chooser may not give a role holding a permission they lack, or undefined when it holds none. */
export function lackingPermissionsRefusal(
  chooser: { permissions: readonly Permission[] },
  role: Pick<Role, 'name' | 'permissions'>,
): RoleChoiceRefusal | undefined {
  const lacking = role.permissions.filter((code) => !chooser.permissions.includes(code));
  if (!lacking.length) return undefined;
  return {
    code: 'PERMISSION_NOT_HELD',
    message: `The role '${role.name}' holds permissions you do not hold: ${lacking.map((code) => `'${permissionNames[code]}'`).join(', ')}`,
  };
}

/**
 * Nobody takes a role from, or deletes, a user whose role holds a permission they lack: it would take power away they
 * do not have (a helpdesk role demoting a system administrator). A 403, or undefined when the actor may.
 */
export function outrankedRefusal(
  actor: { permissions: readonly Permission[] },
  user: { login: string },
  role: Pick<Role, 'name' | 'permissions' | 'archivedAt'>,
): ForbiddenError | undefined {
  // A deleted role grants nothing: its holder is given another by whoever manages users.
  const lacking = role.archivedAt ? undefined : lackingPermissionsRefusal(actor, role);
  if (!lacking) return undefined;
  return new ForbiddenError(
    `${user.login}'s ${lacking.message.replace(/^The role/, 'role')}; only someone who holds them all may change ` +
      'their role or e-mail address, deactivate or delete them',
    'USER_OUTRANKS',
  );
}

/** Why the chooser may not give the role, or undefined when they may. */
export function roleChoiceRefusal(
  chooser: { permissions: readonly Permission[] },
  role: Pick<Role, 'name' | 'permissions'>,
): RoleChoiceRefusal | undefined {
  if (role.name !== bettorRoleName && !chooser.permissions.includes(Permission.DeleteClients))
    return {
      code: 'ROLE_CHOICE',
      message: `Giving the role '${role.name}' needs the permission '${permissionNames[Permission.DeleteClients]}'`,
    };
  return lackingPermissionsRefusal(chooser, role);
}

/** The rule as a 403 for a request. */
export function assertRoleChoice(
  chooser: { permissions: readonly Permission[] },
  role: Pick<Role, 'name' | 'permissions'>,
): void {
  const refusal = roleChoiceRefusal(chooser, role);
  if (refusal) throw new ForbiddenError(refusal.message, refusal.code);
}
