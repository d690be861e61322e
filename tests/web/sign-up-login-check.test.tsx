// @vitest-environment happy-dom
// The sign-up form's login check (docs/rules.md, Sign-up): a login refused (taken) blocks Sign Up with the reason under
// the field; a check that could not be made now (no connection, a busy server) is said but does not block, since
// signing up checks the login again itself.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

cleanUpAfterEach();

/** The check waits for typing to pause (half a second): on a busy machine the answer may take a while longer. */
const settled = { timeout: 10_000 };

/** The server: the sign-up rules of an open client, and the login check answering `check`. */
const server = (check: () => Response | Promise<Response>) =>
  vi.fn(async (url: string) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.endsWith('/User/sign-up-rules')) return jsonAnswer(200, { clientName: 'Demo', inviteOnly: false });
    if (pathname.endsWith('/User/check-login')) return check();
    return jsonAnswer(404, { error: `unexpected ${url}`, code: 'NOT_FOUND' });
  });

async function typeLogin(login: string) {
  render(
    inFreshApp(
      <MemoryRouter>
        <SignUpForm />
      </MemoryRouter>,
    ),
  );
  await userEvent.setup().type(screen.getByRole('textbox', { name: 'Login' }), login);
}

describe('the login check at sign-up', () => {
  it('blocks Sign Up for a login that is taken, saying so', async () => {
    vi.stubGlobal(
      'fetch',
      server(() => jsonAnswer(409, { error: "The login 'hana' is already taken", code: 'ALREADY_TAKEN' })),
    );
    await typeLogin('hana');
    expect(await screen.findByText("The login 'hana' is already taken", {}, settled)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sign Up' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('does not block Sign Up when the check could not be made (the connection dropped)', async () => {
    const fetch = server(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    await typeLogin('hana');
    await waitFor(
      () => expect(fetch.mock.calls.some(([url]) => String(url).includes('/User/check-login'))).toBe(true),
      settled,
    );
    await waitFor(
      () => expect((screen.getByRole('button', { name: 'Sign Up' }) as HTMLButtonElement).disabled).toBe(false),
      settled,
    );
  });
});
