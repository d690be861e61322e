// @vitest-environment happy-dom
// The Roles page offers Edit and Delete only on the roles the server lets the caller change (docs/rules.md, Roles): a
// System Role is a system administrator's alone, so a helper who views the clients and manages roles sees it listed,
// without the buttons the server would refuse with 403 SYSTEM_ROLE.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { RoleType } from '#domain/auth/user.ts';
import type { RoleListRow } from '@/features/roles/api/get-role-list';
import { RolesPage } from '@/features/roles/components/roles-page';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';
import { coach } from './support/users-fixtures.ts';

const userRole = (id: number, name: string, clientId: number | null): RoleListRow => ({
  id,
  name,
  clientId,
  roleType: RoleType.UserCreated,
  permissions: [Permission.ViewOwnProfile],
  clientName: clientId === null ? 'System Role' : 'Demo',
  roleCategory: 'user created role',
  version: 0,
});

/** Signed in as `permissions`' holder of client 2; the roles: one of client 2, a System Role made in the dialog. */
function rolesServer(permissions: Permission[]) {
  const me = { ...coach, clientId: 2, permissions: permissions.join(', ') };
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.endsWith('/Services/user')) return jsonAnswer(200, me);
    if (pathname.endsWith('/Role/list'))
      return jsonAnswer(200, { total: 2, data: [userRole(7, 'Clerk', 2), userRole(8, 'Auditor', null)] });
    return jsonAnswer(200, { total: 0, data: [] });
  });
}

const actionsOf = async (name: string) => {
  const row = (await screen.findByRole('cell', { name })).closest('tr')!;
  return within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent);
};

cleanUpAfterEach();

describe('the Roles page', () => {
  it('offers no Edit or Delete on a System Role to a helper who is no system administrator', async () => {
    rolesServer([Permission.ViewRoles, Permission.EditRoles, Permission.DeleteRoles, Permission.ViewClients]);
    render(inFreshApp(<RolesPage />));
    expect(await actionsOf('Clerk')).toEqual(['Edit', 'Delete']);
    expect(await actionsOf('Auditor')).toEqual([]);
  });

  it('offers them to a system administrator', async () => {
    rolesServer([
      Permission.ViewRoles,
      Permission.EditRoles,
      Permission.DeleteRoles,
      Permission.ViewClients,
      Permission.EditClients,
      Permission.DeleteClients,
    ]);
    render(inFreshApp(<RolesPage />));
    expect(await actionsOf('Auditor')).toEqual(['Edit', 'Delete']);
  });
});
