// Who hasn't picked, and the commissioner's nudge (docs/rules.md, Missing picks): the active players whose role
// may set bets with fewer than five regular picks, read from the views a page at a time; the nudge queues a job that
// mails each of them once a day, never those who turned reminders off, telling each how to (a role without the profile
// page: ask the administrators), and is refused once the week's games have all started.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { RoleType, UserStatus } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { MissingPick } from '#domain/contracts/bets.ts';
import { localDate } from '#domain/season/zoned-time.ts';
import { readSlip } from '../../functions/betting/slip-service.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { issueToken } from '../../functions/adapters/tokens.ts';
import { createAdminApi } from '../../functions/http/admin-api.ts';
import { nudge } from '../../functions/jobs/nudge.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { createRole, listAllRoles } from '../../functions/store/roles.ts';
import { listUsers } from '../../functions/store/users.ts';
import { call, turnMailOff } from './support/call.ts';
import { callHandler } from './support/call-handler.ts';
import { useTestStack } from './support/test-stack.ts';
import { mailsTo } from '../support/outbox.ts';
import { memberWith } from '../security/support/probe-tenants.ts';

// Thursday 12:00 in New York, in week 9 (Wednesday 18 to Tuesday 24 November).
const thursday = '2026-11-19T17:00:00Z';
const given = useTestStack({ now: thursday });
const nfl = 33;

async function currentWeekId(token: string) {
  return (await call(given.api, contracts.betList, { sportId: nfl }, token)).body.week.id;
}

/** The expected list, from the slips' events rather than the views the route reads. */
async function expectedMissing(domain: string, weekId: number): Promise<MissingPick[]> {
  const deps = given.stack.deps;
  const client = (await findClientByDomain(deps, domain))!;
  const betting = new Set(
    (await listAllRoles(deps)).filter((role) => role.permissions.includes(Permission.SetBets)).map((role) => role.id),
  );
  const players = (await listUsers(deps, client.id)).filter(
    (user) => user.status === UserStatus.Active && betting.has(user.roleId) && !user.deletedAt,
  );
  const rows: MissingPick[] = [];
  for (const player of players) {
    const { state } = await readSlip(deps, { clientId: client.id, userId: player.id, sportId: nfl, weekId });
    const picks = [...state.picks.values()].filter((pick) => !pick.isBonus).length;
    if (picks < 5) rows.push({ userId: player.id, displayName: player.displayName, picks });
  }
  return rows.sort((a, b) => a.displayName.toLowerCase().localeCompare(b.displayName.toLowerCase()));
}

async function readAll(token: string, weekId: number, limit: number) {
  const rows: MissingPick[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const answer = await call(given.api, contracts.missingPicks, { sportId: nfl, weekId, limit, cursor }, token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeLessThanOrEqual(limit);
    rows.push(...answer.body.data);
    cursor = answer.body.cursor ?? undefined;
    pages += 1;
  } while (cursor);
  return { rows, pages };
}

describe('who has not picked', () => {
  it("lists the client's active players with fewer than five regular picks, by display name, with their count", async () => {
    const coach = await given.api.signIn('coach');
    const weekId = await currentWeekId(await given.api.signIn('alex'));
    const expected = await expectedMissing('demo', weekId);
    expect(expected.length).toBeGreaterThan(0);
    const answer = await call(given.api, contracts.missingPicks, { sportId: nfl, weekId }, coach);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: expected, cursor: null });
    expect(answer.body.data.every((row) => row.picks < 5)).toBe(true);
  });

  it('pages by cursor: two at a time walks the same list, nobody twice, and a forged cursor is refused', async () => {
    const coach = await given.api.signIn('coach');
    const weekId = await currentWeekId(await given.api.signIn('alex'));
    const whole = await readAll(coach, weekId, 100);
    const paged = await readAll(coach, weekId, 2);
    expect(paged.rows).toEqual(whole.rows);
    expect(paged.pages).toBeGreaterThanOrEqual(Math.ceil(whole.rows.length / 2));
    const forged = await call(
      given.api,
      contracts.missingPicks,
      { sportId: nfl, weekId, cursor: 'bm90LWEtY3Vyc29y' },
      coach,
    );
    expect(forged).toMatchObject({ status: 400, body: { error: 'The cursor is not valid' } });
  });

  it('a player who places a fifth pick leaves the list', async () => {
    const coach = await given.api.signIn('coach');
    const alex = await given.api.signIn('alex');
    const slip = (await call(given.api, contracts.betList, { sportId: nfl }, alex)).body;
    const weekId = slip.week.id;
    const before = await call(given.api, contracts.missingPicks, { sportId: nfl, weekId }, coach);
    const alexId = (await call(given.api, contracts.currentUser, {}, alex)).body.id;
    const placed = slip.data.filter((row) => row.id !== null && !row.isBonusGame);
    const open = slip.data.filter(
      (row) => row.id === null && !row.isBonusGame && row.homeSpread !== 0 && row.beginning > thursday,
    );
    const free = [20, 10, 10, 5, 5];
    for (const row of placed) free.splice(free.indexOf(row.points!), 1);
    expect(placed.length).toBeLessThan(5);
    expect(before.body.data.some((row) => row.userId === alexId)).toBe(true);
    const bets = [
      ...placed.map((row) => ({ gameId: row.gameId, teamId: row.winnerTeamId!, points: row.points! })),
      ...free.map((points, index) => ({ gameId: open[index]!.gameId, teamId: open[index]!.homeTeamId, points })),
    ];
    expect((await call(given.api, contracts.setBets, { sportId: nfl, weekId, bets }, alex)).status).toBe(200);
    await given.stack.settled();
    const after = await call(given.api, contracts.missingPicks, { sportId: nfl, weekId }, coach);
    expect(after.body.data.some((row) => row.userId === alexId)).toBe(false);
    expect(after.body.data).toEqual(await expectedMissing('demo', weekId));
  });

  it("a player may not read it, another client's administrator reads only his own players, a sport the client does not play is refused", async () => {
    const alex = await given.api.signIn('alex');
    const weekId = await currentWeekId(alex);
    expect((await call(given.api, contracts.missingPicks, { sportId: nfl, weekId }, alex)).status).toBe(403);
    const demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const rival = await given.api.signIn('rival-admin', undefined, 'rival');
    const ownList = await call(given.api, contracts.missingPicks, { sportId: nfl, weekId }, rival);
    expect(ownList.status).toBe(200);
    expect(ownList.body.data).toEqual(await expectedMissing('rival', weekId));
    const demoIds = new Set((await listUsers(given.stack.deps, demo.id)).map((user) => user.id));
    expect(ownList.body.data.some((row) => demoIds.has(row.userId))).toBe(false);
    const across = await call(given.api, contracts.missingPicks, { clientId: demo.id, sportId: nfl, weekId }, rival);
    expect(across.status).toBe(403);
    const coach = await given.api.signIn('coach');
    const unplayed = await call(given.api, contracts.missingPicks, { sportId: 9999, weekId }, coach);
    expect(unplayed).toMatchObject({ status: 400, body: { code: 'SPORT_NOT_ENABLED' } });
  });

  it('a client of more than 100 roles that may set bets still lists them (DynamoDB takes 100 values in an IN list)', async () => {
    const { deps } = given.stack;
    // The stack's client refuses such a list as DynamoDB does (dynalite alone takes it): the limit this test is about.
    const values = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`:r${index}`, index]));
    const query = new QueryCommand({
      TableName: deps.tables.state,
      KeyConditionExpression: 'PK = :pk',
      FilterExpression: `roleId IN (${Object.keys(values).join(', ')})`,
      ExpressionAttributeValues: { ':pk': 'CLIENTS', ...values },
    });
    await expect(deps.db.send(query)).rejects.toMatchObject({ name: 'ValidationException' });
    const rival = (await findClientByDomain(deps, 'rival'))!;
    for (let n = 0; n < 101; n++) {
      const role = {
        id: await deps.ids.next('role'),
        name: `Bettor ${n}`,
        clientId: rival.id,
        permissions: [Permission.SetBets],
      };
      await createRole(deps, { ...role, roleType: RoleType.UserCreated }, deps.clock.now());
    }
    const weekId = await currentWeekId(await given.api.signIn('alex'));
    const answer = await call(
      given.api,
      contracts.missingPicks,
      { sportId: nfl, weekId },
      await given.api.signIn('rival-admin', undefined, 'rival'),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(await expectedMissing('rival', weekId));
  });
});

describe('the nudge', () => {
  const nudgeMails = (address: string) =>
    mailsTo(given.stack.outboxDir, address).filter((mail) => mail.includes('asked us to remind you'));

  /** The nudge's answer is its job, queued; once the jobs have run, what the job did. */
  async function jobCounts(queued: { status: number; body: { jobId: number } }, token: string) {
    expect(queued).toMatchObject({ status: 202, body: { jobId: expect.any(Number), status: 'queued' } });
    await given.stack.settled();
    const job = (await call(given.api, contracts.jobStatus, { id: queued.body.jobId }, token)).body;
    expect(job).toMatchObject({ type: 'Nudge', status: 'succeeded' });
    return job.counts;
  }

  it('mails each player missing picks once a day from a job, skips those who turned reminders off, and again the next day', async () => {
    const deps = given.stack.deps;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const coach = await given.api.signIn('coach');
    const coachName = (await call(given.api, contracts.currentUser, {}, coach)).body.displayName;
    const weekId = await currentWeekId(await given.api.signIn('alex'));
    // A player whose role has no profile page, where the others turn reminders off.
    const bare = await memberWith(deps, demo, [Permission.SetBets], { login: 'bare-picker' });
    const missing = await expectedMissing('demo', weekId);
    const profileRoles = new Set(
      (await listAllRoles(deps))
        .filter((role) => role.permissions.includes(Permission.ViewOwnProfile))
        .map((r) => r.id),
    );
    // Sam turns reminders off (if Sam is missing picks, the nudge skips him).
    const sam = { id: await turnMailOff(given.api, 'sam') };
    const samMissing = missing.some((row) => row.userId === sam.id);
    const players = await listUsers(deps, demo.id);
    const addressOf = (userId: number) => players.find((user) => user.id === userId)!.emailAddress;

    const first = await jobCounts(await call(given.api, contracts.nudge, { sportId: nfl, weekId }, coach), coach);
    expect(first).toMatchObject({
      mailed: missing.length - (samMissing ? 1 : 0),
      alreadyNudged: 0,
      remindersOff: samMissing ? 1 : 0,
      failed: 0,
    });
    for (const row of missing) {
      const mails = nudgeMails(addressOf(row.userId));
      expect(mails, row.displayName).toHaveLength(row.userId === sam.id ? 0 : 1);
      if (row.userId !== sam.id) {
        expect(mails[0]).toContain(`You have placed ${row.picks} of your 5 picks for week`);
        expect(mails[0]).toContain('/#/picks');
        expect(mails[0]).toContain(`${coachName} of Demo asked us to remind you`);
        const player = players.find((user) => user.id === row.userId)!;
        expect(mails[0]).toContain(
          profileRoles.has(player.roleId)
            ? 'You can turn these reminders off in the notification settings of your profile.'
            : 'The administrators of your pool can turn these reminders off for you.',
        );
      }
    }
    expect(nudgeMails(bare.user.emailAddress)[0]).toContain('The administrators of your pool can turn these');
    const picked = players.filter((user) => !missing.some((row) => row.userId === user.id));
    for (const user of picked) expect(nudgeMails(user.emailAddress), user.login).toHaveLength(0);

    const again = await jobCounts(await call(given.api, contracts.nudge, { sportId: nfl, weekId }, coach), coach);
    expect(again).toMatchObject({ mailed: 0, alreadyNudged: first!.mailed, remindersOff: first!.remindersOff });
    // The job run once more (a re-run after a crash): nobody is mailed twice.
    const today = localDate(deps.clock.now(), 'America/New_York');
    const rerun = await nudge(deps, { clientId: demo.id, sportId: nfl, weekId, day: today, nudgedBy: coachName });
    expect(rerun).toMatchObject({ mailed: 0, alreadyNudged: first!.mailed });
    for (const row of missing) expect(nudgeMails(addressOf(row.userId))).toHaveLength(row.userId === sam.id ? 0 : 1);

    // Friday morning in New York: a new day, a new nudge.
    const friday = fixedClock('2026-11-20T14:00:00Z');
    const onFriday = createAdminApi(() => ({ ...deps, clock: friday }));
    const { id: coachId, roleId } = (await call(given.api, contracts.currentUser, {}, coach)).body;
    const fridayToken = (
      await issueToken({ clock: friday, signingKeys: deps.signingKeys }, { userId: coachId, clientId: demo.id, roleId })
    ).access_token;
    const nextDay = await callHandler(onFriday, contracts.nudge, { sportId: nfl, weekId }, fridayToken);
    expect((await jobCounts(nextDay, coach))!.mailed).toBe(first!.mailed);
  });

  it('is refused once every game of the week has started, to a player, and across clients', async () => {
    const deps = given.stack.deps;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const coach = await given.api.signIn('coach');
    const weekId = await currentWeekId(await given.api.signIn('alex'));
    const wednesday = fixedClock('2026-11-25T17:00:00Z');
    const { id: coachId, roleId } = (await call(given.api, contracts.currentUser, {}, coach)).body;
    const lateToken = (
      await issueToken(
        { clock: wednesday, signingKeys: deps.signingKeys },
        { userId: coachId, clientId: demo.id, roleId },
      )
    ).access_token;
    const late = await callHandler(
      createAdminApi(() => ({ ...deps, clock: wednesday })),
      contracts.nudge,
      { sportId: nfl, weekId },
      lateToken,
    );
    expect(late).toMatchObject({ status: 409, body: { code: 'WEEK_STARTED' } });

    const alex = await given.api.signIn('alex');
    expect((await call(given.api, contracts.nudge, { sportId: nfl, weekId }, alex)).status).toBe(403);
    const rival = await given.api.signIn('rival-admin', undefined, 'rival');
    expect((await call(given.api, contracts.nudge, { clientId: demo.id, sportId: nfl, weekId }, rival)).status).toBe(
      403,
    );
  });
});
