// @vitest-environment happy-dom
// The Users page and its Edit User dialog. The dialog sends only the names changed, so it undoes no rename another
// administrator made since it opened. A user whose role was deleted under them (docs/invariants.md, inv-2b) is refused
// everything until given another role: the page says so on their row, and their dialog says the role is deleted
// instead of showing none, and saves the role the administrator chooses. A search that matches more users than it
// lists says so. The dialog's Active box is offered for others only, says a deactivated user is signed out, and is
// sent only when changed; neither it nor the role is offered for a user who outranks the editor. Another user's mails
// are turned off or on as they ask (a role without the profile page has no switches of its own).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { RoleType, UserStatus } from '#domain/auth/user.ts';
import { answerExamples } from '#domain/contracts/examples.ts';
import type { RoleListRow } from '@/features/roles/api/get-role-list';
import type { UserListRow } from '@/features/users/api/get-users';
import { UserFormDialog } from '@/features/users/components/user-form-dialog';
import { UsersPage } from '@/features/users/components/users-page';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

const coach = {
  ...answerExamples.currentUser!,
  id: 2,
  login: 'coach',
  role: 'Company Admin',
  roleId: 12,
  permissions: [Permission.ViewUsers, Permission.EditUsers, Permission.ViewOwnProfile, Permission.ViewRoles].join(', '),
};

const role = (id: number, name: string): RoleListRow => ({
  id,
  name,
  clientId: 2,
  roleType: RoleType.System,
  permissions: [Permission.ViewOwnProfile],
  clientName: 'Demo',
  roleCategory: 'system role',
  version: 0,
});

const fan: UserListRow = {
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

const server = () =>
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

cleanUpAfterEach();

describe('the Edit User dialog of a user whose role was deleted', () => {
  it('says the role is deleted, and saves the role chosen instead', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(inFreshApp(<UserFormDialog user={fan} onClose={onClose} />));
    const dialog = await screen.findByRole('dialog');
    const chooser = await within(dialog).findByRole('button', { name: /Role/ });
    await waitFor(() => expect(chooser.textContent).toContain('Deleted role: choose another'));

    await user.click(chooser);
    await user.click(await screen.findByRole('option', { name: 'Crew' }));
    expect(chooser.textContent).toContain('Crew');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edits = fetch.mock.calls.filter(([url]) => String(url).endsWith('/User/edit'));
    expect(edits.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      expect.objectContaining({ id: fan.id, clientId: 2, roleId: 13 }),
    ]);
  });
});

describe('the Users page', () => {
  it('says on the row of a user whose role was deleted, and only there, that their role is deleted', async () => {
    vi.stubGlobal('fetch', server());
    render(inFreshApp(<UsersPage />));
    const row = (login: string) => screen.getByRole('cell', { name: login }).closest('tr')!;
    expect(await screen.findByRole('cell', { name: 'fan' })).toBeTruthy();
    expect(within(row('fan')).getByText('Role deleted')).toBeTruthy();
    expect(within(row('kept')).queryByText('Role deleted')).toBeNull();
  });

  it('reads the list again when a set-password mail is refused for a user deleted meanwhile', async () => {
    const answers = server();
    const fetch = vi.fn(async (url: string, init?: RequestInit) =>
      url.endsWith('/User/send-password-link')
        ? jsonAnswer(404, { error: 'This user has been deleted', code: 'USER_DELETED' })
        : answers(url, init),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(inFreshApp(<UsersPage />));
    await screen.findByRole('cell', { name: 'kept' });
    const listReads = () => fetch.mock.calls.filter(([url]) => url.endsWith('/User/list')).length;
    const before = listReads();
    await user.click(screen.getByRole('button', { name: /^Send set-password mail to kept/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send mail' }));
    await waitFor(() => expect(listReads()).toBe(before + 1));
  });

  it('says when more users match a search than it lists, and to type more', async () => {
    const answers = server();
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const search = url.endsWith('/User/list') && new URLSearchParams(String(init?.body)).get('search');
      return search ? jsonAnswer(200, { total: 1, data: [fan], more: true }) : answers(url, init);
    });
    const user = userEvent.setup();
    render(inFreshApp(<UsersPage />));
    await screen.findByRole('cell', { name: 'kept' });
    expect(screen.queryByText(/^The search matches more/)).toBeNull();
    await user.type(screen.getByLabelText('Search users'), 'f');
    expect((await screen.findByText(/^The search matches more/)).textContent).toBe(
      'The search matches more users than it lists: type more of the name, login or e-mail to narrow it.',
    );
  });
});

describe('the Edit User dialog', () => {
  it('sends the names changed only', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(inFreshApp(<UserFormDialog user={{ ...fan, roleId: 11, roleDeleted: undefined }} onClose={onClose} />));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText(/^Last name/));
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Keeper');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edits = fetch.mock.calls.filter(([url]) => String(url).endsWith('/User/edit'));
    expect(edits.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { id: fan.id, clientId: 2, lastName: 'Keeper' },
    ]);
  });

  it('makes a user who is not active active, sending that alone', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    const user = userEvent.setup();
    const waiting = { ...fan, roleId: 11, roleDeleted: undefined, active: UserStatus.NotActive };
    render(inFreshApp(<UserFormDialog user={waiting} onClose={onClose} />));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edits = fetch.mock.calls.filter(([url]) => String(url).endsWith('/User/edit'));
    expect(edits.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { id: fan.id, clientId: 2, active: true },
    ]);
  });

  it('says a deactivated user is signed out, and offers no Active box for oneself', async () => {
    vi.stubGlobal('fetch', server());
    const user = userEvent.setup();
    const { rerender } = render(
      inFreshApp(<UserFormDialog key="fan" user={{ ...fan, roleDeleted: undefined }} onClose={() => {}} />),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Active' }));
    expect(within(dialog).getByText('fan is signed out and cannot sign in until made active again.')).toBeTruthy();

    // The same app, the signed-in user known: the coach's own dialog.
    rerender(
      inFreshApp(<UserFormDialog key="self" user={{ ...fan, id: coach.id, login: 'coach' }} onClose={() => {}} />),
    );
    expect(await screen.findByRole('dialog', { name: 'Edit user coach' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Active' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Pick reminder mails' })).toBeNull();
  });

  it("turns another user's pick reminder mails off as asked, sending that alone, the announcement mails as they were", async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    const user = userEvent.setup();
    const asked = { ...fan, roleId: 11, roleDeleted: undefined, announcementMails: false };
    render(inFreshApp(<UserFormDialog user={asked} onClose={onClose} />));
    const dialog = await screen.findByRole('dialog');
    const reminders = within(dialog).getByRole('checkbox', { name: 'Pick reminder mails' });
    expect((reminders as HTMLInputElement).checked).toBe(true);
    const announcements = within(dialog).getByRole('checkbox', { name: 'Announcement mails' });
    expect((announcements as HTMLInputElement).checked).toBe(false);
    await user.click(reminders);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edits = fetch.mock.calls.filter(([url]) => String(url).endsWith('/User/edit'));
    expect(edits.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { id: fan.id, clientId: 2, pickReminders: false },
    ]);
  });

  it('offers neither role nor Active box for a user whose role holds a permission the editor lacks, and says why', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    const user = userEvent.setup();
    const boss = { ...fan, roleId: 11, roleDeleted: undefined, outranksYou: true as const };
    render(inFreshApp(<UserFormDialog user={boss} onClose={onClose} />));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("fan's role holds permissions you lack: their role and status stay.")).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Active' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Role/ })).toBeNull();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Display name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'Big Fan');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edits = fetch.mock.calls.filter(([url]) => String(url).endsWith('/User/edit'));
    expect(edits.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { id: fan.id, clientId: 2, displayName: 'Big Fan' },
    ]);
  });
});

describe('the Users page of another client', () => {
  it('imports a CSV file into the client it shows, naming that client’s roles', async () => {
    const admin = {
      ...coach,
      id: 1,
      clientId: 1,
      login: 'admin',
      permissions: [
        Permission.ViewUsers,
        Permission.EditUsers,
        Permission.ViewOwnProfile,
        Permission.ViewRoles,
        Permission.ViewClients,
        Permission.DeleteClients,
      ].join(', '),
    };
    const client = (id: number, name: string) => ({
      id,
      name,
      domain: name.toLowerCase(),
      dateCreated: '2026-11-01T00:00:00Z',
      inviteOnly: false,
      reminderHours: 24,
    });
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname.endsWith('/Services/user')) return jsonAnswer(200, admin);
      if (pathname.endsWith('/Client/list'))
        return jsonAnswer(200, { total: 2, data: [client(1, 'System'), client(3, 'Acme')] });
      if (pathname.endsWith('/Role/list'))
        return jsonAnswer(200, {
          total: 2,
          data: [
            { ...role(11, 'Bettor'), clientId: 3, clientName: 'Acme' },
            { ...role(5, 'Administrator'), clientId: 1, clientName: 'System' },
          ],
        });
      if (pathname.endsWith('/User/list')) return jsonAnswer(200, { total: 0, data: [] });
      if (pathname.endsWith('/load-users-csv')) return jsonAnswer(202, { jobId: 9, status: 'queued' });
      return jsonAnswer(404, { error: `unexpected ${url}`, code: 'NOT_FOUND' });
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(inFreshApp(<UsersPage />));
    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    const filter = screen.getByRole('dialog', { name: 'Filter users' });
    await user.click(await within(filter).findByRole('button', { name: /^Client/ }));
    await user.click(await screen.findByRole('option', { name: 'Acme' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Import CSV file' }));
    const dialog = screen.getByRole('dialog', { name: 'Import CSV file' });
    expect(within(dialog).getByText(/^Roles of the client shown/).textContent).toBe(
      'Roles of the client shown: Bettor.',
    );
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File(['login,email,first name,last name,display name,phone,role\n'], 'users.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => {
      const started = fetch.mock.calls.find(([url]) => String(url).endsWith('/load-users-csv'));
      expect(JSON.parse(String(started?.[1]?.body)).clientId).toBe(3);
    });
  });
});
