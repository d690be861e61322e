// @vitest-environment happy-dom
// A password change ends every session of the user and answers this tab a new token (docs/rules.md, Session): the
// tab stays signed in as it was, with the page, its choices and what it loaded, while a new session (a sign-in, of
// the same user too) starts from nothing (app/provider.tsx, lib/session.ts).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { endSession, renewSession, startSession } from '@/lib/session';
import { cleanUpAfterEach } from './support/fake-server.tsx';

/** A token as the server signs it, for the user of the client, issued at `iat` (its signature is not read here). */
const tokenOf = (clientId: number, userId: number, iat: number) =>
  ['{"alg":"HS256"}', JSON.stringify({ sub: String(userId), cid: clientId, ver: 1, iat })]
    .map((part) => btoa(part).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'))
    .concat('signature')
    .join('.');

/** A page state the session keeps: what a user chose on it. */
function Chosen() {
  const [chosen, setChosen] = useState('nothing');
  return (
    <button type="button" onClick={() => setChosen('week 9')}>
      {`Chosen: ${chosen}`}
    </button>
  );
}

cleanUpAfterEach();
afterEach(() => endSession());

describe('a session renewed with a new token', () => {
  it('is the same session: the page keeps what was chosen; a new sign-in, of the same user too, starts afresh', async () => {
    const user = userEvent.setup();
    startSession(tokenOf(1, 7, 100), false);
    render(
      <AppProvider>
        <Chosen />
      </AppProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Chosen: nothing' }));

    act(() => renewSession(tokenOf(1, 7, 200)));
    expect(screen.getByRole('button', { name: 'Chosen: week 9' })).toBeTruthy();

    act(() => startSession(tokenOf(1, 8, 300), false));
    expect(screen.getByRole('button', { name: 'Chosen: nothing' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Chosen: nothing' }));
    act(() => startSession(tokenOf(1, 8, 400), false));
    expect(screen.getByRole('button', { name: 'Chosen: nothing' })).toBeTruthy();
  });

  it('follows a sign-in or a sign-out another tab makes with remember me (their storage is shared)', async () => {
    const user = userEvent.setup();
    startSession(tokenOf(1, 7, 100), true);
    render(
      <AppProvider>
        <Chosen />
      </AppProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Chosen: nothing' }));
    // Another tab signs in as user 8: the browser writes the shared storage and tells this tab.
    act(() => {
      localStorage.setItem('pickem.token', tokenOf(1, 8, 200));
      localStorage.setItem('pickem.session', 'another-tabs-session');
      window.dispatchEvent(new StorageEvent('storage', { key: 'pickem.session' }));
    });
    expect(screen.getByRole('button', { name: 'Chosen: nothing' })).toBeTruthy();
  });
});
