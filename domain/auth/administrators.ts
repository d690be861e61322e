// Who administers a client (docs/rules.md, Users; docs/invariants.md): an active, undeleted user whose role may
// create and modify the client's users (a deleted role grants nothing). A client never loses its last one.
import { Permission } from './permissions.ts';
import { type Role, UserStatus } from './user.ts';

export const administers = (
  user: { status: number; deletedAt?: string; deleted?: true },
  role: Pick<Role, 'permissions' | 'archivedAt'> | undefined,
) =>
  user.status === UserStatus.Active &&
  !user.deletedAt &&
  !user.deleted &&
  !role?.archivedAt &&
  !!role?.permissions.includes(Permission.EditUsers);
