import { holdsAll, parsePermissions, type Permission } from '../../../domain/auth/permissions';

/** Spec §6: a user's permissions are one string of codes; a check for a list requires all of them. */
export function holdsPermissions(user: { permissions: string }, required: readonly Permission[]): boolean {
  return holdsAll(parsePermissions(user.permissions), required);
}
