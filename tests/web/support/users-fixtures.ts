// The Users page's fake server: a company administrator (coach) of Demo, its roles, and a user whose role was deleted.
import { vi } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { RoleType, UserStatus } from '#domain/auth/user.ts';
import { answerExamples } from '#domain/contracts/examples.ts';
import type { RoleListRow } from '@/features/roles/api/get-role-list';
import type { UserListRow } from '@/features/users/api/get-users';
import { jsonAnswer } from './fake-server.tsx';

export const coach = {
  ...answerExamples.currentUser!,
  id: 2,
  login: 'coach',
  role: 'Company Admin',
  roleId: 12,
  permissions: [Permission.ViewUsers, Permission.EditUsers, Permission.ViewOwnProfile, Permission.ViewRoles].join(', '),
};

export const role = (id: number, name: string): RoleListRow => ({
  id,
  name,
  clientId: 2,
  roleType: RoleType.System,
  permissions: [Permission.ViewOwnProfile],
  clientName: 'Demo',
  roleCategory: 'system role',
  version: 0,
});

export const fan: UserListRow = {
  id: 30,
  clientId: 2,
  login: 'fan',
  displayName: 'Fan',
  emailAddress: 'fan@demo.example.com',
  firstName: 'Fan',
  lastName: 'Holder',
  middleName: '',
  phoneNumber: '',
  roleId: 41,
  dateCreated: '2026-11-01T00:00:00Z',
  active: UserStatus.Active,
  client: 'Demo',
  role: 'Scout',
  roleDeleted: true,
};

export const server = () =>
  vi.fn(async (url: string, _init?: RequestInit) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.endsWith('/Services/user')) return jsonAnswer(200, coach);
    if (pathname.endsWith('/Role/list'))
      return jsonAnswer(200, { total: 2, data: [role(11, 'Bettor'), role(13, 'Crew')] });
    if (pathname.endsWith('/User/list'))
      return jsonAnswer(200, {
        total: 2,
        data: [{ ...fan, id: 31, login: 'kept', roleId: 11, roleDeleted: undefined }, fan],
      });
    if (pathname.endsWith('/User/edit')) return jsonAnswer(200, { ...coach, id: fan.id, login: fan.login });
    return jsonAnswer(404, { error: `unexpected ${url}`, code: 'NOT_FOUND' });
  });
