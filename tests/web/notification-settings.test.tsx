// @vitest-environment happy-dom
// Profile → Notifications saves its mail and push switches one way (docs/rules.md, Mails and Push notifications): the
// choice shows at once and is saved, 'Changes Saved.' says so and the server's user is handed on; a refusal shows the
// stored choice again with the reason. A push switch turned on subscribes this browser first (nothing is saved if it
// cannot), one turned off only saves, and the last one turned off forgets this device, on the server and in the
// browser. The browser's push side (service worker registration, PushManager, Notification) is faked here;
// tests/e2e/push.test.ts uses Chromium's.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserPayload } from '#domain/auth/user.ts';
import { MailSettings } from '@/features/profile/components/mail-settings';
import { PushSettings } from '@/features/profile/components/push-settings';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

const player: UserPayload = {
  active: 1,
  client: 'Demo',
  clientId: 2,
  id: 7,
  login: 'alex',
  permissions: 'set bets',
  role: 'Bettor',
  roleId: 3,
  displayName: 'Alex A.',
  emailAddress: 'alex@demo.example.com',
  firstName: 'Alex',
  lastName: 'Adams',
  middleName: '',
  phoneNumber: '',
  pickReminders: true,
  pickReminderTiming: 'days',
  announcementMails: true,
  push: [],
};

/** The server: the push key, the device calls, and the profile edit (answering `edit`, or the edited user). */
function fakeServer(edit?: () => Response) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (url.endsWith('/User/push-key')) return jsonAnswer(200, { publicKey: 'BPushKey' });
    if (url.endsWith('/User/add-push-subscription')) return jsonAnswer(200, { subscriptions: 1, replaced: 0 });
    if (url.endsWith('/User/delete-push-subscription')) return jsonAnswer(200, { subscriptions: 0 });
    return edit?.() ?? jsonAnswer(200, { ...player, ...body });
  });
  vi.stubGlobal('fetch', fetch);
  return { paths: () => fetch.mock.calls.map(([url]) => url.replace('/Services/api/', '')), fetch };
}

/** A browser that can take pushes, with this device's subscription when `subscribed`. */
function fakePushBrowser({ subscribed = false, permission = 'granted' } = {}) {
  const subscription = {
    endpoint: 'https://push.example.com/this-device',
    toJSON: () => ({ endpoint: subscription.endpoint, keys: { p256dh: 'BDeviceKey', auth: 'DeviceAuth' } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const registration = {
    pushManager: {
      getSubscription: async () => current,
      subscribe: async () => (current = subscription),
    },
  };
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: async () => permission });
  return subscription;
}

function renderSettings(user = player) {
  const onSaved = vi.fn();
  render(
    inFreshApp(
      <>
        <MailSettings user={user} onSaved={onSaved} />
        <PushSettings user={user} onSaved={onSaved} />
      </>,
    ),
  );
  return onSaved;
}

const switchOf = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name });

cleanUpAfterEach();

describe('Profile → Notifications', () => {
  it('saves a mail switch and a push switch alike: at once, saying so, handing on the server’s user', async () => {
    const server = fakeServer();
    fakePushBrowser();
    const onSaved = renderSettings();
    const user = userEvent.setup();

    await user.click(switchOf('Announcement mails'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...player, announcementMails: false }));
    expect(await screen.findByText('Changes Saved.')).toBeTruthy();
    // The choice alone: names sent as the page read them would undo an administrator's rename made since.
    const [edit] = server.fetch.mock.calls.filter(([url]) => url.endsWith('/User/edit'));
    expect(JSON.parse(String(edit![1].body))).toEqual({ id: player.id, announcementMails: false });

    await waitFor(() => expect(switchOf('Push: Nudges').disabled).toBe(false));
    await user.click(switchOf('Push: Nudges'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...player, push: ['nudge'] }));
    // This browser is subscribed before the choice is saved.
    expect(server.paths()).toEqual(['User/push-key', 'User/edit', 'User/add-push-subscription', 'User/edit']);
    expect(screen.getAllByText('Changes Saved.').length).toBeGreaterThan(0);
  });

  it('shows the stored choice again with the reason when a save is refused, for mails and pushes alike', async () => {
    const server = fakeServer(() => jsonAnswer(409, { error: 'Your profile changed meanwhile', code: 'CONFLICT' }));
    fakePushBrowser({ permission: 'denied' });
    const onSaved = renderSettings();
    const user = userEvent.setup();

    await user.click(switchOf('Pick reminders'));
    expect((await screen.findByRole('alert')).textContent).toContain('Your profile changed meanwhile');
    await waitFor(() => expect(switchOf('Pick reminders').checked).toBe(true));

    await waitFor(() => expect(switchOf('Push: Nudges').disabled).toBe(false));
    await user.click(switchOf('Push: Nudges'));
    await screen.findByText(/Notifications are blocked for this site/);
    await waitFor(() => expect(switchOf('Push: Nudges').checked).toBe(false));
    // The browser refused: nothing was kept and the choice was not saved.
    expect(server.paths()).toEqual(['User/push-key', 'User/edit']);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('turns one push off while notifications are blocked: saved without asking the browser again', async () => {
    const server = fakeServer();
    fakePushBrowser({ subscribed: true, permission: 'denied' });
    const onSaved = renderSettings({ ...player, push: ['nudge', 'announcement'] });
    const user = userEvent.setup();

    await waitFor(() => expect(switchOf('Push: Nudges').disabled).toBe(false));
    await user.click(switchOf('Push: Nudges'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...player, push: ['announcement'] }));
    expect(server.paths()).toEqual(['User/push-key', 'User/edit']);
    expect(screen.queryByText(/Notifications are blocked/)).toBeNull();
  });

  it('forgets this device on the server and in the browser once the last push is turned off', async () => {
    const server = fakeServer();
    const subscription = fakePushBrowser({ subscribed: true });
    const onSaved = renderSettings({ ...player, push: ['nudge'] });
    const user = userEvent.setup();

    await waitFor(() => expect(switchOf('Push: Nudges').disabled).toBe(false));
    await user.click(switchOf('Push: Nudges'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...player, push: [] }));
    expect(server.paths()).toEqual(['User/push-key', 'User/edit', 'User/delete-push-subscription']);
    const [, removal] = server.fetch.mock.calls[2]!;
    expect(JSON.parse(String(removal.body))).toEqual({ endpoint: subscription.endpoint });
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
