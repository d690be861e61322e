import { holdsAll, parsePermissions, type Permission } from '#domain/auth/permissions.ts';

/** Permissions are one string of codes; a check for a list requires all of them (docs/rules.md, Permissions). */
export function holdsPermissions(user: { permissions: string }, required: readonly Permission[]): boolean {
  return holdsAll(parsePermissions(user.permissions), required);
}
