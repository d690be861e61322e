// @vitest-environment happy-dom
// Logging out ends the session at once, then stops this browser's pushes (docs/rules.md, Session and Push
// notifications): the server is asked, with the ended session's token, to forget this device's endpoint, and the
// browser drops the subscription; a server that is slow or cannot be reached keeps nobody signed in. The browser's push side is faked
// here; tests/e2e/push.test.ts logs out in Chromium. A 401 ends only the session its call was sent in.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLogout } from '@/app/use-logout';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { endSession, getToken, startSession } from '@/lib/session';
import { cleanUpAfterEach } from './support/fake-server.tsx';

function LogOutButton() {
  return (
    <button type="button" onClick={useLogout()}>
      Log Out
    </button>
  );
}

/** A browser holding this device's push subscription. */
function subscribedBrowser() {
  const subscription = { endpoint: 'https://push.example.com/shared-browser', unsubscribe: vi.fn(async () => true) };
  const registration = { pushManager: { getSubscription: async () => subscription } };
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { getRegistration: async () => registration } });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {});
  return subscription;
}

async function logOut() {
  startSession('token-of-alex', false);
  render(
    <MemoryRouter>
      <LogOutButton />
    </MemoryRouter>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
  // Signed out as the click is handled, before the server has answered anything.
  expect(getToken()).toBeNull();
}

cleanUpAfterEach();
// The next file run in this worker starts signed out.
afterEach(() => endSession());

describe('Log Out', () => {
  it("signs out at once, then removes this device's push subscription with the ended session's token", async () => {
    const subscription = subscribedBrowser();
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{"subscriptions":0}', { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    await logOut();
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/Services/api/User/delete-push-subscription');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-of-alex');
    expect(JSON.parse(String(init.body))).toEqual({ endpoint: subscription.endpoint });
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('logs out all the same when the server cannot be reached, and the browser still drops the subscription', async () => {
    const subscription = subscribedBrowser();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await logOut();
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1));
  });

  it('a 401 for the ended session’s token ends no session begun since', async () => {
    const subscription = subscribedBrowser();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    await logOut();
    startSession('token-of-sam', false);
    answer(new Response('{"error":"Sign in again"}', { status: 401, headers: { 'Content-Type': 'application/json' } }));
    // The browser drops the subscription once the refused answer is read.
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1));
    expect(getToken()).toBe('token-of-sam');
  });
});

describe('a 401', () => {
  it('for a call sent with an older token ends no session begun since (a renewed token, another tab signing in)', async () => {
    startSession('token-before', false);
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const call = api.call(contracts.currentUser, {});
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    // The password changed in another tab meanwhile: its new token is this browser's session now.
    startSession('token-after', false);
    answer(new Response('{"error":"Unauthorized","code":"UNAUTHENTICATED"}', { status: 401 }));
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('token-after');
  });

  it('for a call sent with the current token ends the session', async () => {
    startSession('token-now', false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"Unauthorized","code":"UNAUTHENTICATED"}', { status: 401 })),
    );
    await expect(api.call(contracts.currentUser, {})).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });
});
