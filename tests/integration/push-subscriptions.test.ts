// Web Push subscriptions (docs/rules.md, Push notifications): the server's VAPID key answered to signed-in users, a
// player's devices kept once per endpoint and at most ten a player, bad input refused, and nobody's device deleted by
// a user of another client. A server of this test on 127.0.0.1 stands in for the browser vendor's push service
// (tests/integration/support/push-devices.ts).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { listPushSubscriptions } from '../../functions/store/push-subscriptions.ts';
import { call, send } from './support/call.ts';
import { usePushService } from './support/push-devices.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9: some players are missing picks and the week's games are ahead.
const given = useTestStack({ now: '2026-11-19T17:00:00Z' });
const { device } = usePushService();

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
});
