// Web Push in the browser (docs/rules.md, Push notifications): a player turns on pushes in Profile → Notifications,
// the commissioner's nudge reaches the player's browser encrypted for it and signed with our VAPID key, and once the
// player logs out the browser is nobody's device any more. The browser's push service is outside our world: the page's
// PushManager answers a subscription at a push service this test runs on 127.0.0.1, with a key pair and auth secret
// the test made, so it reads what the server pushed. Reads the built app: `npm run build:web` first.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { MissingPicksPage } from '#domain/contracts/bets.ts';
import type { Week } from '#domain/season/weeks.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listPushSubscriptions } from '../../functions/store/push-subscriptions.ts';
import { listUsers } from '../../functions/store/users.ts';
import { mailsTo } from '../support/outbox.ts';
import { checkVapid, decryptPush, pushDevice, startPushService } from '../support/push-service.ts';
import { apiToken, openSignedIn, unexpectedProblems } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

// Thursday noon in New York, week 9: most of the week's games are ahead and some players are missing picks.
const app = useBrowserStack('2026-11-19T17:00:00Z');

let pushService: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(() => pushService.close());

/** In the page: its PushManager answers the test's device, subscribed once asked until the page unsubscribes it. */
function stubPushManager({ endpoint, keys }: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const held = 'e2e.push.subscribed';
  const subscription = () => ({
    endpoint,
    expirationTime: null,
    toJSON: () => ({ endpoint, expirationTime: null, keys }),
    unsubscribe: async () => {
      localStorage.removeItem(held);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async () =>
    (localStorage.getItem(held) ? subscription() : null) as unknown as PushSubscription;
  PushManager.prototype.subscribe = async () => {
    localStorage.setItem(held, '1');
    return subscription() as unknown as PushSubscription;
  };
  Notification.requestPermission = async () => 'granted';
}

const subscribedInPage = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) !== null);

/** The coach's calls, as a script makes them. */
async function asCoach() {
  const headers = {
    authorization: `Bearer ${await apiToken(app.stack.url, 'coach', 'pickem-demo')}`,
    'content-type': 'application/json',
  };
  const get = async <T>(path: string) => (await (await fetch(`${app.stack.url}${path}`, { headers })).json()) as T;
  const post = async (path: string, body: object) => {
    const answer = await fetch(`${app.stack.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(answer.ok, `${path}: ${answer.status}`).toBe(true);
    await app.stack.settled();
  };
  return { get, post };
}

describe('Web Push', () => {
  it("a player's browser gets the commissioner's nudge once push is on, and nothing of the player's once logged out", async () => {
    const { deps } = app.stack;
    const coach = await asCoach();
    const weekId = (await coach.get<Week[]>(`${contracts.weekList.path}?sportId=33`)).find(
      (week) => week.number === 9,
    )!.id;
    const missing = await coach.get<MissingPicksPage>(
      `${contracts.missingPicks.path}?sportId=33&weekId=${weekId}&limit=100`,
    );
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const player = (await listUsers(deps, demo.id)).find((user) => user.id === missing.data[0]!.userId)!;
    const browser = pushDevice(pushService.origin, `/devices/${player.login}-browser`);

    const { context, page, problems } = await app.newPage();
    await context.addInitScript(stubPushManager, browser.subscription);
    await openSignedIn(page, app.stack.url, await apiToken(app.stack.url, player.login, 'pickem-demo'));
    // The app's service worker is what a browser subscribes through.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await page.getByRole('button', { name: new RegExp(player.displayName) }).click();
    await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Profile Settings' }).click();
    await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Notifications' }).click();
    for (const kind of ['Push: Nudges', 'Push: Announcements']) {
      const toggle = page.getByRole('switch', { name: kind });
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      // The label is what a player clicks: the input itself sits under the switch's track.
      await page.getByText(kind, { exact: true }).click();
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await expect.poll(() => toggle.isEnabled()).toBe(true);
    }
    expect((await listPushSubscriptions(deps, demo.id, player.id)).map((each) => each.endpoint)).toEqual([
      browser.subscription.endpoint,
    ]);

    await coach.post(contracts.nudge.path, { sportId: 33, weekId });
    await expect.poll(() => pushService.arrivalsAt(browser.path).length).toBe(1);
    const [arrival] = pushService.arrivalsAt(browser.path);
    expect(arrival!.headers['content-encoding']).toBe('aes128gcm');
    expect(arrival!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const publicKey = (await deps.push.publicKey())!;
    checkVapid(arrival!.headers.authorization, publicKey, pushService.origin);
    const message = decryptPush(arrival!.body, browser);
    expect(message).toEqual({
      title: 'Your NFL picks for week 9',
      body: expect.stringContaining('asked us to remind you'),
      url: expect.stringMatching(/\/#\/picks$/),
    });

    // Logged out: the server forgets the browser and the browser drops its subscription.
    await page.getByRole('button', { name: new RegExp(player.displayName) }).click();
    await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    // The app forgets the device after it shows sign-in, so a slow push service never holds the screen.
    await expect.poll(() => listPushSubscriptions(deps, demo.id, player.id)).toEqual([]);
    await expect.poll(() => subscribedInPage(page)).toBe(false);

    // An announcement the player turned pushes on for reaches the player's mailbox, and the browser no more.
    const title = 'Tailgate before Sunday';
    await coach.post(contracts.addAnnouncement.path, { title, body: 'Bring chairs.', sendEmail: true });
    expect(mailsTo(app.stack.outboxDir, player.emailAddress).filter((mail) => mail.includes(title))).toHaveLength(1);
    expect(pushService.arrivalsAt(browser.path)).toHaveLength(1);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});
