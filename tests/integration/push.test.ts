// Web Push (docs/rules.md, Push notifications): a player's devices are kept per endpoint under the player's own
// client and user, at most ten; a nudge or an announcement is pushed once to the devices of the players who turned its
// push on, encrypted for each device (RFC 8291) and signed for with the server's VAPID key (RFC 8292); a push service
// that says the device is gone (410) makes the server forget it. A server of this test on 127.0.0.1 stands in for the
// browser vendor's push service, and the test holds each device's private key, so it reads what the server sent.
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushKind } from '#domain/push/push-kinds.ts';
import { contracts } from '#domain/contracts/api.ts';
import { mailAnnouncement } from '../../functions/jobs/mail-announcement.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listPushSubscriptions } from '../../functions/store/push-subscriptions.ts';
import { listUsers } from '../../functions/store/users.ts';
import { call, runImportJob, send } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9: some players are missing picks and the week's games are ahead.
const given = useTestStack({ now: '2026-11-19T17:00:00Z' });
const nfl = 33;

interface Arrival {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The push service: records every request, answers 410 under /gone/ and 201 elsewhere. */
const pushService = { arrivals: [] as Arrival[], origin: '', server: undefined as Server | undefined };
beforeAll(async () => {
  pushService.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      pushService.arrivals.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(request.url!.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((listening) => pushService.server!.listen(0, '127.0.0.1', listening));
  pushService.origin = `http://127.0.0.1:${(pushService.server!.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => pushService.server?.close(() => closed())));

const arrivalsAt = (path: string) => pushService.arrivals.filter((arrival) => arrival.path === path);

/** A browser's subscription: its push service address, its P-256 key pair and its auth secret. */
function device(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    path,
    subscription: {
      endpoint: `${pushService.origin}${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** RFC 8291 read back: the record's header names the server's key, the device's private key and auth open it. */
function decrypt(body: Buffer, { ecdh, auth }: { ecdh: ECDH; auth: Buffer }) {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(serverKey), auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  return JSON.parse(padded.subarray(0, padded.lastIndexOf(2)).toString()) as {
    title: string;
    body: string;
    url: string;
  };
}

/** The VAPID authorization checked as a push service checks it: the token's signature by the key it names. */
function checkVapid(authorization: string | undefined, publicKey: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  expect(match, authorization).not.toBeNull();
  const [, header, claims, signature, key] = match!;
  expect(key).toBe(publicKey);
  const point = Buffer.from(key!, 'base64url');
  const verifier = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
  const signed = Buffer.from(`${header}.${claims}`);
  expect(
    verify('sha256', signed, { key: verifier, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url')),
  ).toBe(true);
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims!, 'base64url').toString());
  expect(aud).toBe(pushService.origin);
  expect(exp * 1000).toBeGreaterThan(Date.now());
  expect(exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
  expect(sub).toMatch(/^mailto:/);
}

/** The player turns these kinds' push on (and every other off) in Profile → Notifications. */
async function turnPushOn(token: string, push: PushKind[]) {
  const { id, displayName, firstName, lastName } = (await call(given.api, contracts.currentUser, {}, token)).body;
  const edited = await call(given.api, contracts.editUser, { id, displayName, firstName, lastName, push }, token);
  expect(edited.status).toBe(200);
  expect(edited.body.push).toEqual(push);
}

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
    // Not the players whose devices the tests above kept.
    players: missing
      .map((row) => users.find((user) => user.id === row.userId)!)
      .filter((user) => !['alex', 'sam', 'jamie', 'blake'].includes(user.login)),
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
    expect(nudged.status).toBe(200);
    const arrivals = arrivalsAt(phone.path);
    expect(arrivals).toHaveLength(1);
    const [arrival] = arrivals as [Arrival];
    expect(arrival.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(arrival.headers.ttl)).toBeGreaterThan(0);
    checkVapid(arrival.headers.authorization, publicKey);
    const coachName = (await call(given.api, contracts.currentUser, {}, coach)).body.displayName;
    const message = decrypt(arrival.body, phone);
    expect(message.title).toMatch(/^Your NFL picks for week \d+$/);
    expect(message.body).toContain(`${coachName} of Demo asked us to remind you`);
    expect(message.url).toMatch(/\/#\/picks$/);
    expect(arrivalsAt(other.path)).toHaveLength(0);

    // Nudged again the same day: mailed nobody twice, pushed nobody twice.
    expect((await call(given.api, contracts.nudge, { sportId: nfl, weekId }, coach)).body.mailed).toBe(0);
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
