// Web Push deliveries (docs/rules.md, Push notifications): a nudge, an announcement or a graded week is pushed once to
// the devices of the players who turned its push on, encrypted for each device (RFC 8291) and signed for with the
// server's VAPID key (RFC 8292); a push service that says the device is gone (410) makes the server forget it. A
// server of this test on 127.0.0.1 stands in for the browser vendor's push service, and the test holds each device's
// private key, so it reads what the server sent (tests/integration/support/push-devices.ts).
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { mailAnnouncement } from '../../functions/jobs/mail-announcement.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listPushSubscriptions } from '../../functions/store/push-subscriptions.ts';
import { listUsers } from '../../functions/store/users.ts';
import { type Arrival, checkVapid, decryptPush as decrypt } from '../support/push-service.ts';
import { call, runImportJob } from './support/call.ts';
import { turnPushOn, usePushService } from './support/push-devices.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9: some players are missing picks and the week's games are ahead.
const given = useTestStack({ now: '2026-11-19T17:00:00Z' });
const nfl = 33;

const pushService = usePushService();
const { arrivalsAt, device } = pushService;

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
    await turnPushOn(given, pushedToken, ['nudge']);
    await turnPushOn(given, mailedOnlyToken, ['announcement']);

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
    await turnPushOn(given, token, ['announcement', 'weekGraded']);

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

  it('pushes that a week is graded once to the players who turned it on, at most five a minute; not to a newcomer for the weeks before them', async () => {
    const token = await given.api.signIn('quinn');
    const phone = device('/devices/graded/quinn');
    await call(given.api, contracts.addPushSubscription, phone.subscription, token);
    await turnPushOn(given, token, ['weekGraded']);
    const coach = await given.api.signIn('coach');
    // A player who joins in week 9, with the same push on: weeks 1 to 8 were never theirs.
    const joined = await call(given.api, contracts.register, {
      ...{
        login: 'newcomer',
        emailAddress: 'newcomer@example.com',
        password: 'new-pass-1',
        repeatPassword: 'new-pass-1',
      },
      ...{ displayName: 'New C.', firstName: 'New', lastName: 'Comer', phoneNumber: '+1 202 555 0143', domain: 'demo' },
    });
    expect(joined.status).toBe(201);
    const newcomer = await given.api.signIn('newcomer', 'new-pass-1');
    const newPhone = device('/devices/graded/newcomer');
    await call(given.api, contracts.addPushSubscription, newPhone.subscription, newcomer);
    await turnPushOn(given, newcomer, ['weekGraded']);

    // The scores of weeks 1 to 8 come in at once: Import Scores closes the eight weeks one after the other.
    const imported = await runImportJob(given, coach, contracts.importScores, { sportId: nfl });
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
      url: expect.stringMatching(/\/#\/leaderboard\?sport=33&week=20263301$/),
    });

    expect(arrivalsAt(newPhone.path)).toEqual([]);

    // Imported again: the weeks are closed, nobody is pushed twice.
    await runImportJob(given, coach, contracts.importScores, { sportId: nfl });
    expect(titles()).toEqual(pushed);
  });
});
