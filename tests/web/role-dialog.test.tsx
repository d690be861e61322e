// @vitest-environment happy-dom
// The Edit Role dialog names the version of the role it was opened on (docs/rules.md, Roles): an edit another
// administrator made since is not undone; the refusal says so and the dialog closes, to be opened again on the role as
// it is now.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { RoleType } from '#domain/auth/user.ts';
import type { RoleListRow } from '@/features/roles/api/get-role-list';
import { RoleDialog } from '@/features/roles/components/role-dialog';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

const clerk: RoleListRow = {
  id: 41,
  name: 'Clerk',
  clientId: 2,
  roleType: RoleType.UserCreated,
  permissions: [Permission.ViewOwnProfile],
  clientName: 'Demo',
  roleCategory: 'user created role',
  version: 3,
};

const changed = 'Someone else changed this role meanwhile: reload the roles and edit it again';

/** The server: another administrator's edit came after the dialog's read. */
const server = () =>
  vi.fn(async (url: string, _init?: RequestInit) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.endsWith('/Role/permission-list'))
      return jsonAnswer(200, [{ id: Permission.ViewOwnProfile, name: 'view own profile' }]);
    if (pathname.endsWith('/Role/edit')) return jsonAnswer(409, { error: changed, code: 'ROLE_CHANGED' });
    return jsonAnswer(404, { error: `unexpected ${url}`, code: 'NOT_FOUND' });
  });

cleanUpAfterEach();

describe('the Edit Role dialog', () => {
  it('names the version it was opened on; refused for an edit made since, it says so and closes', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      inFreshApp(
        <RoleDialog
          role={clerk}
          user={{ clientId: 2, client: 'Demo', held: [Permission.ViewOwnProfile] }}
          chooseClient={false}
          onClose={onClose}
        />,
      ),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit role' });
    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Head Clerk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edits = fetch.mock.calls.filter(([url]) => String(url).endsWith('/Role/edit'));
    expect(edits.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      expect.objectContaining({ id: 41, version: 3, name: 'Head Clerk' }),
    ]);
    expect(await screen.findByText(changed)).toBeTruthy();
  });

  it('edits a role of another client as that client’s, shown and sent, whoever edits it', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const acmeClerk = { ...clerk, clientId: 7, clientName: 'Acme' };
    for (const chooseClient of [false, true]) {
      fetch.mockClear();
      const { unmount } = render(
        inFreshApp(
          <RoleDialog
            role={acmeClerk}
            user={{ clientId: 1, client: 'System', held: [Permission.ViewOwnProfile] }}
            chooseClient={chooseClient}
            clients={[]}
            onClose={() => {}}
          />,
        ),
      );
      const dialog = screen.getByRole('dialog', { name: 'Edit role' });
      expect((within(dialog).getByLabelText(/^Client/) as HTMLInputElement).value).toBe('Acme');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(
          fetch.mock.calls
            .filter(([url]) => String(url).endsWith('/Role/edit'))
            .map(([, init]) => JSON.parse(String(init?.body))),
        ).toEqual([expect.objectContaining({ id: 41, clientId: 7 })]),
      );
      unmount();
    }
  });
});
