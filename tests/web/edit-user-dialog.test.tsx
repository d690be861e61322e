// @vitest-environment happy-dom
// The Edit User dialog. It sends only the names changed, so it undoes no rename another administrator made since it
// opened. A user whose role was deleted under them (docs/invariants.md, inv-2b): the dialog says the role is deleted
// instead of showing none, and saves the role the administrator chooses. The Active box is offered for others only,
// says a deactivated user is signed out, and is sent only when changed; neither it nor the role is offered for a user
// who outranks the editor. Another user's mails are turned off or on as they ask (a role without the profile page has
// no switches of its own), and their e-mail address changed (one's own is read-only).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserStatus } from '#domain/auth/user.ts';
import { UserFormDialog } from '@/features/users/components/user-form-dialog';
import { cleanUpAfterEach, inFreshApp } from './support/fake-server.tsx';
import { coach, fan, server } from './support/users-fixtures.ts';

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

  it("changes another user's e-mail address, sending that alone; one's own dialog offers no address", async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      inFreshApp(<UserFormDialog key="fan" user={{ ...fan, roleDeleted: undefined }} onClose={onClose} />),
    );
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'fan.new@demo.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edits = fetch.mock.calls.filter(([url]) => String(url).endsWith('/User/edit'));
    expect(edits.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { id: fan.id, clientId: 2, emailAddress: 'fan.new@demo.example.com' },
    ]);

    rerender(
      inFreshApp(<UserFormDialog key="self" user={{ ...fan, id: coach.id, login: 'coach' }} onClose={() => {}} />),
    );
    expect(await screen.findByRole('dialog', { name: 'Edit user coach' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
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
    expect(
      within(dialog).getByText("fan's role holds permissions you lack: their role, status and e-mail stay."),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Email' })).toBeNull();
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
