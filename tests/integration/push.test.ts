// Web Push (docs/rules.md, Push notifications): a player's devices are kept per endpoint, each endpoint one player's
// of the client at a time (a shared browser is its last subscriber's), at most ten a player; a nudge or an announcement is pushed once to the devices of the players who turned its
// push on, encrypted for each device (RFC 8291) and signed for with the server's VAPID key (RFC 8292); a push service
// that says the device is gone (410) makes the server forget it. A server of this test on 127.0.0.1 stands in for the
// browser vendor's push service, and the test holds each device's private key, so it reads what the server sent.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushKind } from '#domain/push/push-kinds.ts';
import { contracts } from '#domain/contracts/api.ts';
import { mailAnnouncement } from '../../functions/jobs/mail-announcement.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { migratePushDevices } from '../../functions/store/migrate-push-devices.ts';
import { pushOnce } from '../../functions/store/push-claims.ts';
import { deletePushSubscription, endpointId, listPushSubscriptions } from '../../functions/store/push-subscriptions.ts';
import { deleteItem, putItem, queryAll } from '../../functions/store/state-table.ts';
import { listUsers } from '../../functions/store/users.ts';
import {
  type Arrival,
  checkVapid,
  decryptPush as decrypt,
  pushDevice,
  startPushService,
} from '../support/push-service.ts';
import { call, runImportJob, send } from './support/call.ts';
import { meteredApi } from './support/metered-api.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9: some players are missing picks and the week's games are ahead.
const given = useTestStack({ now: '2026-11-19T17:00:00Z' });
const nfl = 33;

let pushService: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(() => pushService.close());

const arrivalsAt = (path: string) => pushService.arrivalsAt(path);
const device = (path: string) => pushDevice(pushService.origin, path);

/** The player turns these kinds' push on (and every other off) in Profile → Notifications. */
async function turnPushOn(token: string, push: PushKind[]) {
  const { id, displayName, firstName, lastName } = (await call(given.api, contracts.currentUser, {}, token)).body;
  const edited = await call(given.api, contracts.editUser, { id, displayName, firstName, lastName, push }, token);
  expect(edited.status).toBe(200);
  expect(edited.body.push).toEqual(push);
}

const othersDevices = ['alex', 'sam', 'jamie', 'blake', 'drew', 'avery', 'quinn'];

/** Demo players missing picks of the current week, with their logins. */
async function playersMissingPicks() {
  const coach = await given.api.signIn('coach');
  const weekId = (await call(given.api, contracts.betList, { sportId: nfl }, await given.api.signIn('alex'))).body.week
    .id;
  const missing = (await call(given.api, contracts.missingPicks, { sportId: nfl, weekId, limit: 100 }, coach)).body
    .data;
  const demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
  const users = await listUsers(given.stack.deps, demo.id);
  return {
    coach,
    weekId,
    demo,
    // Not the players whose devices the other tests keep: a push to them would take one of their minute's.
    players: missing
      .map((row) => users.find((user) => user.id === row.userId)!)
      .filter((user) => !othersDevices.includes(user.login)),
  };
}

describe('push subscriptions', () => {
  it('answers the VAPID public key to a signed-in user only: a 65-byte P-256 point, the same each time', async () => {
    const alex = await given.api.signIn('alex');
    const first = await call(given.api, contracts.pushKey, {}, alex);
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.body.publicKey, 'base64url')[0]).toBe(4);
    expect((await call(given.api, contracts.pushKey, {}, await given.api.signIn('coach'))).body).toEqual(first.body);
    expect((await call(given.api, contracts.pushKey, {})).status).toBe(401);
  });

  it('keeps a device once per endpoint, and refuses bad input with 400, storing nothing', async () => {
    const token = await given.api.signIn('jamie');
    const me = (await call(given.api, contracts.currentUser, {}, token)).body;
    const good = device('/devices/jamie');
    const { subscription } = good;
    const bad: [string, Record<string, unknown>][] = [
      ['no keys', { endpoint: subscription.endpoint }],
      ['no endpoint', { keys: subscription.keys }],
      ['not a URL', { ...subscription, endpoint: 'push service' }],
      ['http off this machine', { ...subscription, endpoint: 'http://push.example.com/x' }],
      ['a private address', { ...subscription, endpoint: 'https://10.0.0.7/x' }],
      ['the metadata address', { ...subscription, endpoint: 'https://169.254.169.254/latest' }],
      ['another scheme', { ...subscription, endpoint: 'ftp://push.example.com/x' }],
      [
        'a short p256dh',
        { ...subscription, keys: { ...subscription.keys, p256dh: subscription.keys.p256dh.slice(1) } },
      ],
      ['a p256dh off the curve', { ...subscription, keys: { ...subscription.keys, p256dh: `B${'A'.repeat(86)}` } }],
      ['a long auth', { ...subscription, keys: { ...subscription.keys, auth: randomBytes(32).toString('base64url') } }],
      ['an auth not base64url', { ...subscription, keys: { ...subscription.keys, auth: '!'.repeat(22) } }],
    ];
    for (const [what, input] of bad) {
      const answer = await send(given.api, contracts.addPushSubscription, input, token);
      expect(answer.status, what).toBe(400);
      expect(answer.body.error, what).toBeTruthy();
    }
    const badKind = await send(
      given.api,
      contracts.editUser,
      { id: me.id, displayName: me.displayName, firstName: me.firstName, lastName: me.lastName, push: ['sms'] },
      token,
    );
    expect(badKind.status).toBe(400);
    expect(await listPushSubscriptions(given.stack.deps, me.clientId, me.id)).toEqual([]);

    expect((await call(given.api, contracts.addPushSubscription, subscription, token)).body).toEqual({
      subscriptions: 1,
      replaced: 0,
    });
    // The same endpoint again (a browser that sends its subscription at each start) is the same device.
    expect((await call(given.api, contracts.addPushSubscription, subscription, token)).body).toEqual({
      subscriptions: 1,
      replaced: 0,
    });
    expect(
      (await call(given.api, contracts.deletePushSubscription, { endpoint: subscription.endpoint }, token)).body,
    ).toEqual({ subscriptions: 0 });
    expect(
      (await call(given.api, contracts.deletePushSubscription, { endpoint: subscription.endpoint }, token)).status,
    ).toBe(404);
  });

  it('keeps ten devices a player: the eleventh replaces the one added longest ago', async () => {
    const token = await given.api.signIn('sam');
    const devices = Array.from({ length: 11 }, (_, index) => device(`/devices/sam/${index}`));
    for (const [index, each] of devices.entries()) {
      const answer = await call(given.api, contracts.addPushSubscription, each.subscription, token);
      expect(answer.body).toEqual({ subscriptions: Math.min(index + 1, 10), replaced: index === 10 ? 1 : 0 });
    }
    const gone = await call(given.api, contracts.deletePushSubscription, devices[0]!.subscription, token);
    expect(gone.status).toBe(404);
    const kept = await call(given.api, contracts.deletePushSubscription, devices[10]!.subscription, token);
    expect(kept.body).toEqual({ subscriptions: 9 });
  });

  it("never lets a user of another client delete someone's device", async () => {
    const alex = await given.api.signIn('alex');
    const alexDevice = device('/devices/alex-phone');
    expect((await call(given.api, contracts.addPushSubscription, alexDevice.subscription, alex)).status).toBe(200);
    const rival = await given.api.signIn('jules', undefined, 'rival');
    const refused = await call(given.api, contracts.deletePushSubscription, alexDevice.subscription, rival);
    expect(refused).toMatchObject({ status: 404, body: { code: 'UNKNOWN_SUBSCRIPTION' } });
    const coach = await given.api.signIn('coach');
    expect((await call(given.api, contracts.deletePushSubscription, alexDevice.subscription, coach)).status).toBe(404);
    expect((await call(given.api, contracts.deletePushSubscription, alexDevice.subscription, alex)).status).toBe(200);
  });
  it("keeps an endpoint for one player of the client at a time: a shared browser is its last subscriber's alone", async () => {
    const deps = given.stack.deps;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const users = await listUsers(deps, demo.id);
    const [drew, avery] = ['drew', 'avery'].map((login) => users.find((user) => user.login === login)!) as [
      (typeof users)[0],
      (typeof users)[0],
    ];
    const drewToken = await given.api.signIn('drew');
    const averyToken = await given.api.signIn('avery');
    const browser = device('/devices/shared-browser');
    const coach = await given.api.signIn('coach');
    const announce = async (title: string) => {
      const posted = await call(given.api, contracts.addAnnouncement, { title, body: title, sendEmail: true }, coach);
      expect(posted.status).toBe(201);
      await given.stack.settled();
    };

    // Drew subscribes the browser and is pushed there.
    await turnPushOn(drewToken, ['announcement']);
    await call(given.api, contracts.addPushSubscription, browser.subscription, drewToken);
    await announce('Draft night');
    expect(arrivalsAt(browser.path).map((arrival) => decrypt(arrival.body, browser).title)).toEqual(['Draft night']);

    // Avery subscribes the same browser: it is Avery's now, and Drew's pushes no longer reach it.
    const taken = await call(given.api, contracts.addPushSubscription, browser.subscription, averyToken);
    expect(taken.body).toEqual({ subscriptions: 1, replaced: 0 });
    expect(await listPushSubscriptions(deps, demo.id, drew.id)).toEqual([]);
    expect((await listPushSubscriptions(deps, demo.id, avery.id)).map((each) => each.endpoint)).toEqual([
      browser.subscription.endpoint,
    ]);
    await announce('Pizza night');
    expect(arrivalsAt(browser.path)).toHaveLength(1);
    const drewDeletes = await call(given.api, contracts.deletePushSubscription, browser.subscription, drewToken);
    expect(drewDeletes.status).toBe(404);
    const averyDeletes = await call(given.api, contracts.deletePushSubscription, browser.subscription, averyToken);
    expect(averyDeletes.body).toEqual({ subscriptions: 0 });
  });

  it("keeps the same endpoint in two clients apart: each client's player holds it, and removing it in one leaves the other", async () => {
    const deps = given.stack.deps;
    const alex = await given.api.signIn('alex');
    const jules = await given.api.signIn('jules', undefined, 'rival');
    const browser = device('/devices/two-clients');
    await call(given.api, contracts.addPushSubscription, browser.subscription, alex);
    await call(given.api, contracts.addPushSubscription, browser.subscription, jules);
    const alexMe = (await call(given.api, contracts.currentUser, {}, alex)).body;
    const julesMe = (await call(given.api, contracts.currentUser, {}, jules)).body;
    expect((await call(given.api, contracts.deletePushSubscription, browser.subscription, jules)).body).toEqual({
      subscriptions: 0,
    });
    expect(await listPushSubscriptions(deps, julesMe.clientId, julesMe.id)).toEqual([]);
    expect((await listPushSubscriptions(deps, alexMe.clientId, alexMe.id)).map((each) => each.endpoint)).toContain(
      browser.subscription.endpoint,
    );
    expect((await call(given.api, contracts.deletePushSubscription, browser.subscription, alex)).status).toBe(200);
  });

  it("removes a device in one conditional write, and a push reads the player's devices once", async () => {
    const metered = meteredApi(given.stack.deps, given.stack.settings);
    const token = await given.api.signIn('avery');
    const me = (await call(given.api, contracts.currentUser, {}, token)).body;
    const phone = device('/devices/metered/avery');
    await call(given.api, contracts.addPushSubscription, phone.subscription, token);
    const operations = (requests: { operation: string }[]) => requests.map((request) => request.operation);

    const pushed = await metered.measure(() =>
      pushOnce(
        metered.deps,
        { id: me.id, clientId: me.clientId, push: ['nudge'] },
        'nudge',
        {
          PK: 'METERED',
          SK: String(me.id),
        },
        { title: 'Your picks', body: 'Five to go', url: 'http://localhost/#/picks' },
      ),
    );
    expect(pushed.value).toBe('pushed');
    expect(arrivalsAt(phone.path)).toHaveLength(1);
    // The devices are listed once (the index, then the items themselves), before the claim and the minute's slot.
    expect(operations(pushed.requests).filter((operation) => ['Query', 'BatchGetItem'].includes(operation))).toEqual([
      'Query',
      'BatchGetItem',
    ]);

    const removed = await metered.measure(() =>
      deletePushSubscription(metered.deps, me.clientId, me.id, phone.subscription.endpoint),
    );
    expect(removed).toMatchObject({ value: true });
    expect(operations(removed.requests)).toEqual(['DeleteItem']);
    const again = await metered.measure(() =>
      deletePushSubscription(metered.deps, me.clientId, me.id, phone.subscription.endpoint),
    );
    expect(again).toMatchObject({ value: false });
    expect(operations(again.requests)).toEqual(['DeleteItem']);
  });
});

describe('push subscriptions kept per user before', () => {
  it('are moved to one device per endpoint at start-up, an endpoint two players had going to its latest subscriber', async () => {
    const deps = given.stack.deps;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const users = await listUsers(deps, demo.id);
    const drew = users.find((user) => user.login === 'drew')!;
    const avery = users.find((user) => user.login === 'avery')!;
    const shared = device('/devices/old/shared');
    const laptop = device('/devices/old/drew-laptop');
    const old = (userId: number, { subscription }: ReturnType<typeof device>, addedAt: string) => ({
      ...keys.pushSubscription(demo.id, userId, endpointId(subscription.endpoint)),
      clientId: demo.id,
      userId,
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      addedAt,
    });
    await putItem(deps, old(drew.id, laptop, '2026-11-01T10:00:00.000Z'));
    await putItem(deps, old(drew.id, shared, '2026-11-02T10:00:00.000Z'));
    await putItem(deps, old(avery.id, shared, '2026-11-03T10:00:00.000Z'));
    // The stack's start-up ran the migration already: as on a database from before it.
    await deleteItem(deps, keys.migration('push-devices-per-endpoint'));

    expect(await migratePushDevices(deps)).toBe(3);
    const endpointsOf = async (userId: number) =>
      (await listPushSubscriptions(deps, demo.id, userId)).map((each) => each.endpoint);
    expect(await endpointsOf(drew.id)).toEqual([laptop.subscription.endpoint]);
    expect(await endpointsOf(avery.id)).toEqual([shared.subscription.endpoint]);
    expect(await queryAll(deps, keys.clientPartition(demo.id), { skPrefix: keys.pushSubscriptionPrefix })).toEqual([]);
    expect(await migratePushDevices(deps)).toBeUndefined();
  });
});

describe('pushes', () => {
  it("pushes a commissioner's nudge once to the devices of a player who turned nudge pushes on, and to nobody else", async () => {
    const { coach, weekId, players } = await playersMissingPicks();
    expect(players.length).toBeGreaterThanOrEqual(2);
    const [pushed, mailedOnly] = players as [(typeof players)[0], (typeof players)[0]];
    const pushedToken = await given.api.signIn(pushed.login);
    const mailedOnlyToken = await given.api.signIn(mailedOnly.login);
    const { publicKey } = (await call(given.api, contracts.pushKey, {}, pushedToken)).body;
    const phone = device(`/devices/nudge/${pushed.login}`);
    const other = device(`/devices/nudge/${mailedOnly.login}`);
    await call(given.api, contracts.addPushSubscription, phone.subscription, pushedToken);
    await call(given.api, contracts.addPushSubscription, other.subscription, mailedOnlyToken);
    await turnPushOn(pushedToken, ['nudge']);
    await turnPushOn(mailedOnlyToken, ['announcement']);

    const nudged = await call(given.api, contracts.nudge, { sportId: nfl, weekId }, coach);
    expect(nudged.status).toBe(202);
    await given.stack.settled();
    const arrivals = arrivalsAt(phone.path);
    expect(arrivals).toHaveLength(1);
    const [arrival] = arrivals as [Arrival];
    expect(arrival.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(arrival.headers.ttl)).toBeGreaterThan(0);
    checkVapid(arrival.headers.authorization, publicKey, pushService.origin);
    const coachName = (await call(given.api, contracts.currentUser, {}, coach)).body.displayName;
    const message = decrypt(arrival.body, phone);
    expect(message.title).toMatch(/^Your NFL picks for week \d+$/);
    expect(message.body).toContain(`${coachName} of Demo asked us to remind you`);
    expect(message.url).toMatch(/\/#\/picks$/);
    expect(arrivalsAt(other.path)).toHaveLength(0);

    // Nudged again the same day: mailed nobody twice, pushed nobody twice.
    const again = await call(given.api, contracts.nudge, { sportId: nfl, weekId }, coach);
    await given.stack.settled();
    const job = (await call(given.api, contracts.jobStatus, { id: again.body.jobId }, coach)).body;
    expect(job.counts).toMatchObject({ mailed: 0, pushed: 0 });
    expect(arrivalsAt(phone.path)).toHaveLength(1);
  });

  it('pushes an announcement once to each device of the players who turned it on; a device whose service says 410 is forgotten', async () => {
    const deps = given.stack.deps;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const player = (await listUsers(deps, demo.id)).find((user) => user.login === 'blake')!;
    const token = await given.api.signIn(player.login);
    const phone = device(`/devices/announce/${player.login}`);
    const oldLaptop = device(`/gone/announce/${player.login}`);
    await call(given.api, contracts.addPushSubscription, phone.subscription, token);
    await call(given.api, contracts.addPushSubscription, oldLaptop.subscription, token);
    await turnPushOn(token, ['announcement', 'weekGraded']);

    const coach = await given.api.signIn('coach');
    const title = 'Pizza night before the Sunday games';
    const posted = await call(
      given.api,
      contracts.addAnnouncement,
      { title, body: 'Bring your picks and your appetite.', sendEmail: true },
      coach,
    );
    expect(posted.status).toBe(201);
    await given.stack.settled();
    expect(arrivalsAt(phone.path)).toHaveLength(1);
    expect(arrivalsAt(oldLaptop.path)).toHaveLength(1);
    expect(decrypt(arrivalsAt(phone.path)[0]!.body, phone)).toEqual({
      title,
      body: 'Bring your picks and your appetite.',
      url: expect.stringMatching(/\/#\/dashboard$/),
    });
    const left = await listPushSubscriptions(deps, demo.id, player.id);
    expect(left.map((each) => each.endpoint)).toEqual([phone.subscription.endpoint]);

    // The job run again pushes nobody twice.
    await mailAnnouncement(deps, demo.id, posted.body.id);
    expect(arrivalsAt(phone.path)).toHaveLength(1);
  });

  it('pushes that a week is graded once to the players who turned it on, at most five a minute', async () => {
    const token = await given.api.signIn('quinn');
    const phone = device('/devices/graded/quinn');
    await call(given.api, contracts.addPushSubscription, phone.subscription, token);
    await turnPushOn(token, ['weekGraded']);
    const coach = await given.api.signIn('coach');

    // The scores of weeks 1 to 8 come in at once: Import Scores closes the eight weeks one after the other.
    const imported = await runImportJob(given, coach, contracts.loadResults, { sportId: nfl });
    expect(imported.status).toBe('succeeded');
    const titles = () => arrivalsAt(phone.path).map((arrival) => decrypt(arrival.body, phone).title);
    const pushed = titles();
    // The player's pushes of a minute stop at five (the import may straddle two minutes of the stack's clock).
    expect(pushed.length).toBeGreaterThanOrEqual(5);
    expect(pushed.slice(0, 5)).toEqual([1, 2, 3, 4, 5].map((week) => `Week ${week} of NFL is graded`));
    expect(new Set(pushed).size).toBe(pushed.length);
    expect(decrypt(arrivalsAt(phone.path)[0]!.body, phone)).toEqual({
      title: 'Week 1 of NFL is graded',
      body: expect.stringContaining('See where you stand'),
      url: expect.stringMatching(/\/#\/leaderboard$/),
    });

    // Imported again: the weeks are closed, nobody is pushed twice.
    await runImportJob(given, coach, contracts.loadResults, { sportId: nfl });
    expect(titles()).toEqual(pushed);
  });
});
