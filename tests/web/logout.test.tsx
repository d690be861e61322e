// @vitest-environment happy-dom
// Logging out stops this browser's pushes before the token goes (docs/rules.md, Session and Push notifications): the
// server is asked, with the session's token, to forget this device's endpoint, and the browser drops the
// subscription; a server that cannot be reached does not keep the player signed in. The browser's push side is faked
// here; tests/e2e/push.test.ts logs out in Chromium.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLogout } from '@/app/use-logout';
import { getToken, startSession } from '@/lib/session';

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
  await waitFor(() => expect(getToken()).toBeNull());
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Log Out', () => {
  it("removes this device's push subscription with the session's token, then drops the token", async () => {
    const subscription = subscribedBrowser();
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{"subscriptions":0}', { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    await logOut();
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
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
