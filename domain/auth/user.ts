// Users, roles and clients as stored, and the user payload of spec §3.
import { formatPermissions, type Permission } from './permissions.ts';

/** 1 Active, 2 Not active, 3 Confirmation required. */
export type UserStatus = 1 | 2 | 3;

export interface Client { id: number; name: string; domain: string; dateCreated: string }

export interface Role {
  id: number;
  name: string;
  /** null for a System Role. */
  clientId: number | null;
  /** 1 user-created, 2 system role. */
  roleType: 1 | 2;
  permissions: Permission[];
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
  };
}

export const roleCategory = (role: Role) => (role.roleType === 1 ? 'user created role' : 'system role');
