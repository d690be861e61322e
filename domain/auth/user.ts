// Users, roles and clients as stored, and the user payload the API returns (docs/rules.md, Profile).
import { defaultReminderTiming, type ReminderTiming } from '../processes/pick-locks.ts';
import type { PushKind } from '../push/push-kinds.ts';
import { formatPermissions, type Permission } from './permissions.ts';

export const RoleType = { UserCreated: 1, System: 2 } as const;
export type RoleType = (typeof RoleType)[keyof typeof RoleType];

export const UserStatus = { Active: 1, NotActive: 2, ConfirmationRequired: 3 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

/** Whether the user is a member now: active and not deleted (a delete also makes the user not active). */
export const isActiveMember = (user: Pick<User, 'status' | 'deletedAt'>) =>
  user.status === UserStatus.Active && !user.deletedAt;

export interface Client {
  id: number;
  name: string;
  domain: string;
  dateCreated: string;
  /** Sign-up needs an invite link of the client (docs/rules.md, Invites); absent = open sign-up. */
  inviteOnly?: boolean;
  /** How many hours before a lock Pick Reminders mails (domain/processes/pick-locks.ts); absent = the default. */
  reminderHours?: number;
  /** Set when the client is deleted: it leaves the lists and its users cannot sign in; its data stays. */
  archivedAt?: string;
  /** Set while its standard roles are being made: a create cut off there is finished by asking again. */
  makingRoles?: true;
  /**
   * Whether every live role of the client (and every System Role) holds its name's claim, so its roles are read from
   * them (functions/store/roles.ts, listClientRoles): true when the client is made; set again by every start-up
   * (settleRoleNameClaims: false for a client with a role that does not, a twin made before the claims), or at a
   * sign-up miss (accountRoleNamed) of a client never checked (absent: one a version before the claims made).
   */
  roleNamesClaimed?: boolean;
}

export interface Role {
  id: number;
  name: string;
  /** null for a System Role. */
  clientId: number | null;
  roleType: RoleType;
  permissions: Permission[];
  /** Set when the role is deleted (only a role nobody holds); it leaves the lists. */
  archivedAt?: string;
  /** Raised by every edit (none yet: 0); an edit names the version it was made from (docs/rules.md, Roles). */
  version?: number;
}

export interface User {
  id: number;
  clientId: number;
  login: string;
  displayName: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
  middleName: string;
  phoneNumber: string;
  status: UserStatus;
  roleId: number;
  passwordHash: string;
  dateCreated: string;
  /** When an administrator last made the user active (Edit User): a missed week before it costs them nothing. */
  activeSince?: string;
  /** Raised to end every session of the user; a token carries the version it was issued at (missing = 0). */
  tokenVersion?: number;
  /** Set when the user is deleted: not active, gone from the lists; the login stays claimed, the picks stay. */
  deletedAt?: string;
  /** Whether Pick Reminders mails the user; missing means yes. */
  pickReminders?: boolean;
  /** Before which locks Pick Reminders mails the user (domain/processes/pick-locks.ts); missing means both. */
  pickReminderTiming?: ReminderTiming;
  /** Whether announcements with mail reach the user by mail; missing means yes. */
  announcementMails?: boolean;
  /** The kinds of message also pushed to the user's devices (docs/rules.md, Push notifications); missing means none. */
  push?: PushKind[];
}

/** A user an administrator (or a CSV line) asks for, validated field by field; made by createUserAccounts. */
export interface NewUser {
  login: string;
  emailAddress: string;
  displayName: string;
  firstName: string;
  lastName: string;
  middleName: string;
  phoneNumber: string;
  roleId: number;
  active: boolean;
}

export type UserPayload = ReturnType<typeof toUserPayload>;

export function toUserPayload(user: User, role: Role, client: Client) {
  return {
    active: user.status,
    client: client.name,
    clientId: client.id,
    id: user.id,
    login: user.login,
    permissions: formatPermissions(role.permissions),
    role: role.name,
    roleId: role.id,
    displayName: user.displayName,
    emailAddress: user.emailAddress,
    firstName: user.firstName,
    lastName: user.lastName,
    middleName: user.middleName,
    phoneNumber: user.phoneNumber,
    pickReminders: user.pickReminders !== false,
    pickReminderTiming: user.pickReminderTiming ?? defaultReminderTiming,
    announcementMails: user.announcementMails !== false,
    push: user.push ?? [],
  };
}

export const roleCategory = (role: Role) =>
  role.roleType === RoleType.UserCreated ? 'user created role' : 'system role';
