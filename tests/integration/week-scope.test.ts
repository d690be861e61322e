// Holes in the data a client sees: ids that do not belong together, penalties before a player
// existed, a top N filled with cleared slips, names that stay stale in past weeks, and a week closed in parts.
import { marshall } from '@aws-sdk/util-dynamodb';
import { UserStatus } from '#domain/auth/user.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { weekDecider, weekStreamId } from '#domain/scoring/close-week.ts';
import { handleCommand } from '../../functions/store/command-handler.ts';
import { projectorFunction } from '../../functions/projector/handler.ts';
import { describe, expect, it } from 'vitest';
import { rebuildViews } from '../../functions/projector/rebuild.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem } from '../../functions/store/state-table.ts';
import { createClient, findClientByDomain } from '../../functions/store/clients.ts';
import { listAffiliates, listWeeks } from '../../functions/store/catalogue.ts';
import { createStandardRoles } from '../../functions/store/roles.ts';
import { closeFinishedWeeks } from '../../functions/jobs/close-week.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { createUser } from '../../functions/store/account-claims.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';
import { viewsSnapshot } from './support/views-snapshot.ts';

// Sunday 12:00 in New York, week 9: weeks 1–8 are over; Sunday afternoon, Monday and Tuesday games are not.
const sunday = '2026-11-22T17:00:00Z';
const given = useTestStack({ now: sunday });
/** The projector as deployed, on this file's stack. */
const projector = projectorFunction(() => given.stack.deps);
const nflWeek = (number: number) => 20263300 + number;

const me = async (token: string) => (await call(given.api, contracts.currentUser, {}, token)).body;
const idOf = async (token: string) => (await me(token)).id;

async function leaderboard(
  token: string,
  weekNumber: number,
  extra: Partial<RequestOf<typeof contracts.balance>> = {},
) {
  const answer = await call(
    given.api,
    contracts.balance,
    { sportId: 33, weekId: nflWeek(weekNumber), ...extra },
    token,
  );
  expect(answer.status).toBe(200);
  return answer.body.rows;
}

describe('ids that do not belong together', () => {
  it('every call naming a sport, week or season refuses another sport’s week with 400 and a code', async () => {
    const coach = await given.api.signIn('coach');
    const nbaWeek = (await call(given.api, contracts.weekList, { sportId: 35 }, coach)).body[0]!.id;
    const expectRefusal = async (answer: { status: number; body: { code?: string } }, code: string) => {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(code);
    };
    const mixed = { sportId: 33, weekId: nbaWeek };
    await expectRefusal(await call(given.api, contracts.closeWeekJob, mixed, coach), 'UNKNOWN_WEEK');
    await expectRefusal(await call(given.api, contracts.balance, mixed, coach), 'UNKNOWN_WEEK');
    await expectRefusal(await call(given.api, contracts.stats, mixed, coach), 'UNKNOWN_WEEK');
    await expectRefusal(await call(given.api, contracts.betHistory, mixed, coach), 'UNKNOWN_WEEK');
    await expectRefusal(await call(given.api, contracts.betList, mixed, coach), 'UNKNOWN_WEEK');
    await expectRefusal(await call(given.api, contracts.gameList, mixed, coach), 'UNKNOWN_WEEK');
    await expectRefusal(await call(given.api, contracts.setBets, { ...mixed, bets: [] }, coach), 'UNKNOWN_WEEK');
    await expectRefusal(
      await call(given.api, contracts.balance, { sportId: 33, weekId: nflWeek(5), seasonId: 202635 }, coach),
      'WEEK_NOT_IN_SEASON',
    );

    const unplayed = { sportId: 99, weekId: nflWeek(5) };
    await expectRefusal(await call(given.api, contracts.closeWeekJob, unplayed, coach), 'SPORT_NOT_ENABLED');
    await expectRefusal(await call(given.api, contracts.importScores, unplayed, coach), 'SPORT_NOT_ENABLED');
    await expectRefusal(await call(given.api, contracts.weekList, { sportId: 99 }, coach), 'SPORT_NOT_ENABLED');
    await expectRefusal(await call(given.api, contracts.seasonPoints, { sportId: 99 }, coach), 'SPORT_NOT_ENABLED');

    const nflGame = (await call(given.api, contracts.betList, { sportId: 33 }, coach)).body.data[0]!;
    await expectRefusal(
      await call(
        given.api,
        contracts.setBets,
        { sportId: 35, bets: [{ gameId: nflGame.gameId, teamId: nflGame.homeTeamId, points: 20 }] },
        coach,
      ),
      'GAME_NOT_IN_WEEK',
    );
  });

  it('a close-week job naming another sport’s week fails and penalizes nobody', async () => {
    const coach = await given.api.signIn('coach');
    const { id: coachId, clientId } = await me(coach);
    const nbaWeek = (await call(given.api, contracts.weekList, { sportId: 35 }, coach)).body[0]!.id;
    // The NBA week's games are over once its scores are in, so only the check can stop the job.
    expect((await call(given.api, contracts.importScores, { sportId: 35 }, coach)).status).toBe(202);
    await given.stack.settled();
    const { deps } = given.stack;
    await deps.jobs.enqueue({
      jobId: 9001,
      type: 'CloseWeek',
      clientId,
      actorId: coachId,
      payload: { sportId: 33, weekId: nbaWeek },
    });
    await given.stack.settled();
    expect(await getItem(deps, keys.job(clientId, 9001))).toMatchObject({ status: 'failed' });
    expect((await deps.events.readStream(`week#${clientId}#33#${nbaWeek}`)).commits).toEqual([]);
  });
});

describe('the top N', () => {
  it('is the N best active players even when slips set and then cleared would rank among them', async () => {
    // In the running week only every other demo player has picked; the others set a pick and clear it.
    for (const login of ['alex', 'jordan', 'morgan', 'riley', 'drew', 'quinn']) {
      const token = await given.api.signIn(login);
      const rows = (await call(given.api, contracts.betList, { sportId: 33 }, token)).body.data;
      const open = rows.find((row) => !row.isBonusGame && row.homeSpread !== 0 && row.beginning > sunday)!;
      const week = { sportId: 33, weekId: nflWeek(9) };
      const set = { ...week, bets: [{ gameId: open.gameId, teamId: open.homeTeamId, points: 20 }] };
      expect((await call(given.api, contracts.setBets, set, token)).status).toBe(200);
      expect((await call(given.api, contracts.setBets, { ...week, bets: [] }, token)).status).toBe(200);
    }
    await given.stack.settled();
    const coach = await given.api.signIn('coach');
    const everyone = await leaderboard(coach, 9);
    expect(everyone.length).toBeGreaterThanOrEqual(6);
    const top3 = await leaderboard(coach, 9, { limit: 3, showRegularGames: false });
    expect(top3).toHaveLength(3);
    expect(top3.map((row) => row.weekPoints)).toEqual(everyone.slice(0, 3).map((row) => row.weekPoints));
    const active = new Set(everyone.map((row) => row.userId));
    expect(top3.every((row) => active.has(row.userId))).toBe(true);
  });
});

describe('missed picks before a player existed, or before the client played the sport', () => {
  it('a player who joins, or is made active, in week 9 owes nothing for weeks 1–8 when Import Scores closes them', async () => {
    const signUp = await call(given.api, contracts.register, {
      login: 'latecomer',
      emailAddress: 'latecomer@example.com',
      password: 'late-pass-1',
      repeatPassword: 'late-pass-1',
      displayName: 'Late C.',
      firstName: 'Late',
      lastName: 'Comer',
      phoneNumber: '+1 202 555 0142',
      domain: 'demo',
    });
    expect(signUp.status).toBe(201);
    const latecomerId = signUp.body.id;
    // A member since January, not active until the commissioner makes them so in week 9: a member from then on.
    const coach = await given.api.signIn('coach');
    const demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const bettor = (await me(await given.api.signIn('alex'))).roleId;
    const returnerId = 9101;
    await createUser(given.stack.deps, {
      ...{ id: returnerId, clientId: demo.id, login: 'returner', displayName: 'Returner', emailAddress: 'r@x.com' },
      ...{ firstName: 'Re', lastName: 'Turner', middleName: '', phoneNumber: '+15550000001', roleId: bettor },
      ...{ status: UserStatus.NotActive, passwordHash: '', dateCreated: '2026-01-01T00:00:00Z' },
    });
    expect((await call(given.api, contracts.editUser, { id: returnerId, active: true }, coach)).status).toBe(200);

    const started = await call(given.api, contracts.importScores, { sportId: 33 }, coach);
    expect(started.status).toBe(202);
    await given.stack.settled();
    const status = (await call(given.api, contracts.jobStatus, { id: started.body.jobId }, coach)).body;
    expect(status).toMatchObject({ status: 'succeeded', counts: { weeksClosed: 8 } });
    expect(status.counts?.penalties).toBeGreaterThan(0);

    const weeks = (await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((number) => leaderboard(coach, number)))).flat();
    expect(weeks.some((row) => row.penalty === -50)).toBe(true);
    expect(weeks.filter((row) => row.userId === latecomerId)).toEqual([]);
    expect(weeks.filter((row) => row.userId === returnerId)).toEqual([]);
  });

  it('a client that adds the sport in week 9 owes nothing for weeks 1–8, though its members are older', async () => {
    const { deps } = given.stack;
    const client = {
      id: await deps.ids.next('client'),
      name: 'Late League',
      domain: 'late-league',
      dateCreated: sunday,
    };
    await createClient(deps, client);
    const [bettor] = await createStandardRoles(deps, client.id);
    await createUser(deps, {
      ...{ id: 9102, clientId: client.id, login: 'veteran', displayName: 'Veteran', emailAddress: 'v@x.com' },
      ...{ firstName: 'Vet', lastName: 'Eran', middleName: '', phoneNumber: '+15550000002', roleId: bettor!.id },
      ...{ status: UserStatus.Active, passwordHash: '', dateCreated: '2026-01-01T00:00:00Z' },
    });
    const admin = await given.api.signIn('admin', adminPassword, 'admin');
    const [affiliate] = await listAffiliates(deps, 33);
    const added = await call(
      given.api,
      contracts.addClientSport,
      { clientId: client.id, sportId: 33, affiliateId: affiliate!.id },
      admin,
    );
    expect(added.body).toMatchObject({ playedSince: expect.stringMatching(/^2026-11-22T17:/) });

    const weeks = (await listWeeks(deps, 33)).filter((week) => week.number <= 8);
    expect(await closeFinishedWeeks(deps, client.id, 33, weeks, 1)).toEqual({ weeksClosed: 8, penalties: 0 });
  });
});

describe('names in the views', () => {
  it('after a profile edit a past week shows the new name, and the views equal their rebuild', async () => {
    const alex = await given.api.signIn('alex');
    const alexId = await idOf(alex);
    const edit = await call(
      given.api,
      contracts.editUser,
      { id: alexId, displayName: 'Alexandra C.', firstName: 'Alexandra', lastName: 'Carter' },
      alex,
    );
    expect(edit.status).toBe(200);
    const coach = await given.api.signIn('coach');
    for (const number of [3, 5, 8]) {
      const row = (await leaderboard(coach, number)).find((candidate) => candidate.userId === alexId)!;
      expect(row).toMatchObject({ userDisplayName: 'Alexandra C.', firstName: 'Alexandra' });
    }
    // The season chart brings the caller's own season.
    const seasons = (await call(given.api, contracts.seasonPoints, { sportId: 33 }, alex)).body;
    expect(seasons.find((row) => row.userId === alexId)!.userDisplayName).toBe('Alexandra C.');

    await given.stack.settled();
    const incremental = await viewsSnapshot(given.stack.deps);
    await rebuildViews(given.stack.deps);
    expect(await viewsSnapshot(given.stack.deps)).toEqual(incremental);
  });
});

describe('a week closed in several commits', () => {
  it('delivered to the projector in one batch, penalizes each missed player once, as one commit at a time does', async () => {
    const { deps } = given.stack;
    const coach = await given.api.signIn('coach');
    const { id: coachId, clientId } = await me(coach);
    const alexId = await idOf(await given.api.signIn('alex'));
    const streamId = weekStreamId(clientId, 33, nflWeek(9));
    // Two players' penalties in two commits, as a week of over 1,000 missed players closes, then WeekClosed.
    const close = (players: number[]) =>
      handleCommand(
        deps,
        streamId,
        { at: sunday, actor: coachId, correlationId: 'close-in-parts' },
        weekDecider,
        { type: 'CloseWeek' },
        {
          now: new Date(sunday),
          weekBegins: '2026-11-17T05:00:00Z',
          gameStatuses: [GameStatus.Finished],
          players: players.map((userId) => ({ userId, memberSince: '2026-01-01T00:00:00Z' })),
          playersWithRegularPicks: new Set<number>(),
          hadRegularGame: true,
        },
      );
    for (const players of [[alexId], [alexId, coachId], [alexId, coachId]]) await close(players);
    const { commits } = await deps.events.readStream(streamId);
    expect(commits.map((commit) => commit.events.map((event) => event.type))).toEqual([
      ['MissedPicksPenalized'],
      ['MissedPicksPenalized'],
      ['WeekClosed'],
    ]);
    await given.stack.settled();
    // The same commits as the stream of weeks 10 and 11: to the projector in one batch, and one by one.
    const records = (weekNumber: number) =>
      commits.map((commit, index) => ({
        dynamodb: {
          NewImage: marshall({
            PK: weekStreamId(clientId, 33, nflWeek(weekNumber)),
            SK: commit.version,
            events: commit.events,
            at: sunday,
            actor: coachId,
          }),
          SequenceNumber: String(index),
        },
      }));
    expect(await projector({ Records: records(10) } as never)).toEqual({ batchItemFailures: [] });
    for (const record of records(11))
      expect(await projector({ Records: [record] } as never)).toEqual({ batchItemFailures: [] });

    // Week 9 got them from the stream emulator, one batch or more as they came.
    for (const number of [9, 10, 11]) {
      const rows = await leaderboard(coach, number, { limit: 100 });
      for (const userId of [alexId, coachId])
        expect(rows.filter((row) => row.userId === userId).map((row) => row.penalty)).toEqual([-50]);
    }
  });
});
