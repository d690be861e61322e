// Web Push devices are endpoints (docs/rules.md, Push notifications): each endpoint one player's of the client at a
// time (a shared browser is its last subscriber's), the same endpoint kept apart in two clients, a device removed in
// one conditional write; the subscriptions kept per user before are moved to one device per endpoint. A server of this
// test on 127.0.0.1 stands in for the browser vendor's push service (tests/integration/support/push-devices.ts).
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { migratePushDevices } from '../../functions/store/migrate-push-devices.ts';
import { pushOnce } from '../../functions/store/push-claims.ts';
import { deletePushSubscription, endpointId, listPushSubscriptions } from '../../functions/store/push-subscriptions.ts';
import { deleteItem, putItem, queryAll } from '../../functions/store/state-table.ts';
import { listUsers } from '../../functions/store/users.ts';
import { decryptPush as decrypt } from '../support/push-service.ts';
import { call } from './support/call.ts';
import { meteredApi } from './support/metered-api.ts';
import { turnPushOn, usePushService } from './support/push-devices.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9: some players are missing picks and the week's games are ahead.
const given = useTestStack({ now: '2026-11-19T17:00:00Z' });
const { arrivalsAt, device } = usePushService();

describe('push subscriptions', () => {
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
    await turnPushOn(given, drewToken, ['announcement']);
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
