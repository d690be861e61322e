// @vitest-environment happy-dom
// The Users page's Invite link dialog acts on the client the page shows (docs/rules.md, Invites): every call it makes
// names that client, so a system administrator looking at another client's links withdraws that client's link. Its
// dates are the sport's days, and it says so (docs/rules.md, Formats).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InviteRow } from '@/features/users/api/get-invites';
import { InviteDialog } from '@/features/users/components/invite-dialog';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

const link: InviteRow = {
  id: 7,
  createdAt: '2026-11-02T15:00:00.000Z',
  expiresAt: '2026-11-16T15:00:00.000Z',
  maxUses: 5,
  uses: 1,
};

/** The server: the list holds the link until it is withdrawn. */
function server(row = link) {
  let withdrawn = false;
  return vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.endsWith('/invite-list')) return jsonAnswer(200, { inviteOnly: false, data: withdrawn ? [] : [row] });
    if (pathname.endsWith('/delete-invite') && init?.method === 'DELETE') {
      withdrawn = true;
      return jsonAnswer(200, { message: 'The invite link has been withdrawn' });
    }
    return jsonAnswer(404, { error: `unexpected ${init?.method ?? 'GET'} ${url}`, code: 'NOT_FOUND' });
  });
}

const open = (clientId?: number) =>
  render(
    inFreshApp(
      <SportSelectionProvider initialSportId={undefined} playedSportIds={[]} initialWeeks={undefined} sports={[]}>
        <InviteDialog clientId={clientId} onClose={() => {}} />
      </SportSelectionProvider>,
    ),
  );

/** The query of each call the dialog made to a route, in order. */
const queriesTo = (fetch: ReturnType<typeof server>, route: string) =>
  fetch.mock.calls
    .map(([url]) => new URL(url, 'http://localhost'))
    .filter((url) => url.pathname.endsWith(route))
    .map((url) => Object.fromEntries(url.searchParams));

cleanUpAfterEach();

describe('the Invite link dialog', () => {
  it('lists and withdraws the links of the client the Users page shows, naming that client in each call', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    open(3);
    const dialog = screen.getByRole('dialog', { name: 'Invite link' });
    await user.click(await within(dialog).findByRole('button', { name: /^Withdraw the link made / }));
    const confirm = screen.getByRole('dialog', { name: 'Withdraw invite link' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(queriesTo(fetch, '/delete-invite')).toEqual([{ clientId: '3', id: '7' }]));
    expect(await within(dialog).findByText('No invite links yet.')).toBeTruthy();
    expect(queriesTo(fetch, '/invite-list').every((query) => query.clientId === '3')).toBe(true);
  });

  it('offers the link just made to copy until that link is withdrawn, not after', async () => {
    const made = { ...link, id: 8, uses: 0, createdAt: '2026-11-03T15:00:00.000Z' };
    let links = [link];
    vi.stubGlobal('fetch', async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      if (pathname.endsWith('/invite-list')) return jsonAnswer(200, { inviteOnly: false, data: links });
      if (pathname.endsWith('/create-invite')) {
        links = [made, ...links];
        return jsonAnswer(201, { ...made, code: 'c0de', url: 'http://localhost/#/sign-up?invite=c0de' });
      }
      links = links.filter((row) => String(row.id) !== searchParams.get('id'));
      return jsonAnswer(200, { message: 'The invite link has been withdrawn' });
    });
    const user = userEvent.setup();
    open();
    const dialog = screen.getByRole('dialog', { name: 'Invite link' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    expect(((await within(dialog).findByLabelText('New invite link')) as HTMLInputElement).value).toContain('c0de');
    const withdraw = async (index: number) => {
      await waitFor(() =>
        expect(within(dialog).getAllByRole('button', { name: /^Withdraw the link/ })).toHaveLength(2 - index),
      );
      await user.click(within(dialog).getAllByRole('button', { name: /^Withdraw the link/ })[1 - index]!);
      const confirm = screen.getByRole('dialog', { name: 'Withdraw invite link' });
      await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Withdraw invite link' })).toBeNull());
    };
    // Another link withdrawn: the new one is still there to copy.
    await withdraw(0);
    expect(within(dialog).getByLabelText('New invite link')).toBeTruthy();
    // The new one withdrawn: it no longer works, so it is not offered.
    await withdraw(1);
    expect(within(dialog).queryByLabelText('New invite link')).toBeNull();
  });

  it('says the link just made no longer works once the list read again lacks it (another administrator withdrew it)', async () => {
    const made = { ...link, id: 8, uses: 0 };
    let links = [link];
    vi.stubGlobal('fetch', async (url: string) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname.endsWith('/invite-list')) return jsonAnswer(200, { inviteOnly: false, data: links });
      if (pathname.endsWith('/create-invite')) {
        links = [made, ...links];
        return jsonAnswer(201, { ...made, code: 'c0de', url: 'http://localhost/#/sign-up?invite=c0de' });
      }
      return jsonAnswer(200, { clientId: 1, inviteOnly: true });
    });
    const user = userEvent.setup();
    open();
    const dialog = screen.getByRole('dialog', { name: 'Invite link' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /^Withdraw the link/ })).toHaveLength(2));
    expect(within(dialog).getByLabelText('New invite link')).toBeTruthy();
    // Withdrawn elsewhere; switching invite-only here reads the list again.
    links = [link];
    await user.click(within(dialog).getByRole('switch', { name: /^Invite-only sign-up/ }));
    expect(await within(dialog).findByText(/^The link made here no longer works/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('New invite link')).toBeNull();
  });

  it('a refused Create link is said in the dialog until the next try, not in a notice that fades', async () => {
    // The permission to manage users taken from the caller's role meanwhile.
    const refusal = 'You do not have permission to do this';
    let refuse = true;
    vi.stubGlobal('fetch', async (url: string) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname.endsWith('/invite-list')) return jsonAnswer(200, { inviteOnly: false, data: [link] });
      if (refuse) return jsonAnswer(403, { error: refusal, code: 'FORBIDDEN' });
      return jsonAnswer(201, { ...link, id: 8, code: 'c0de', url: 'http://localhost/#/sign-up?invite=c0de' });
    });
    const user = userEvent.setup();
    open();
    const dialog = screen.getByRole('dialog', { name: 'Invite link' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByLabelText('New invite link')).toBeTruthy();
    expect(within(dialog).queryByText(refusal)).toBeNull();
  });

  it('names no client when the page shows the caller’s own', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    open();
    const dialog = screen.getByRole('dialog', { name: 'Invite link' });
    await user.click(await within(dialog).findByRole('button', { name: /^Withdraw the link made / }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Withdraw invite link' })).getByRole('button', { name: 'Withdraw' }),
    );
    await waitFor(() => expect(queriesTo(fetch, '/delete-invite')).toEqual([{ id: '7' }]));
    expect(queriesTo(fetch, '/invite-list')[0]).toEqual({});
  });

  it("tells when a link was made and works until in the sport's time zone, and says so, whatever the browser's", async () => {
    // 03:00 UTC on 2 November: already noon in Tokyo, still the evening of 1 November in New York.
    const late = { ...link, createdAt: '2026-11-02T03:00:00.000Z', expiresAt: '2026-11-16T03:00:00.000Z' };
    vi.stubGlobal('fetch', server(late));
    open();
    const dialog = screen.getByRole('dialog', { name: 'Invite link' });
    expect(await within(dialog).findByText('Made 1 Nov 2026, works until 15 Nov 2026')).toBeTruthy();
    expect(within(dialog).getByText('Times in New York time (ET)')).toBeTruthy();
  });
});
