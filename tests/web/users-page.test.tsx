// @vitest-environment happy-dom
// The Users page. A user whose role was deleted under them (docs/invariants.md, inv-2b) is refused everything until
// given another role: the page says so on their row. A search that matches more users than it lists says so; the rows
// of the search before stay, dimmed and busy, until it is answered. A client manager's page of another client imports a
// CSV file into that client.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { UsersPage } from '@/features/users/components/users-page';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';
import { coach, fan, role, server } from './support/users-fixtures.ts';

cleanUpAfterEach();

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

  it('marks the list busy from the first letter typed until the search is answered: the rows shown are not its', async () => {
    const answers = server();
    let answerSearch: (() => void) | undefined;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const search = url.endsWith('/User/list') && new URLSearchParams(String(init?.body)).get('search');
      if (!search) return answers(url, init);
      await new Promise<void>((resolve) => (answerSearch = resolve));
      return jsonAnswer(200, { total: 1, data: [fan], more: false });
    });
    const user = userEvent.setup();
    render(inFreshApp(<UsersPage />));
    await screen.findByRole('cell', { name: 'kept' });
    const list = () => screen.getByRole('table', { name: 'Users' }).closest('section')!;
    expect(list().getAttribute('aria-busy')).toBeNull();
    // Busy while typing pauses (nothing asked yet), and while the search is asked.
    await user.type(screen.getByLabelText('Search users'), 'fan');
    expect(list().getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(answerSearch).toBeDefined());
    expect(list().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('cell', { name: 'kept' })).toBeTruthy();
    answerSearch!();
    await waitFor(() => expect(list().getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByRole('cell', { name: 'kept' })).toBeNull();
  });
});

/** A system administrator's server: clients System (their own) and Acme, each with a role. */
function systemAdminServer() {
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
  return fetch;
}

describe('the Users page of another client', () => {
  it('lists the caller’s own client until another is chosen: the Client filter offers the clients, no “All”', async () => {
    vi.stubGlobal('fetch', systemAdminServer());
    const user = userEvent.setup();
    render(inFreshApp(<UsersPage />));
    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    const filter = screen.getByRole('dialog', { name: 'Filter users' });
    const chooser = await within(filter).findByRole('button', { name: /^Client/ });
    await waitFor(() => expect(chooser.textContent).toContain('System'));
    await user.click(chooser);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['System', 'Acme']);
  });

  it('imports a CSV file into the client it shows, naming that client’s roles', async () => {
    const fetch = systemAdminServer();
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
