import { describe, expect, it } from 'vitest';
import { handleCommand } from '../../functions/store/command-handler.ts';
import { projectorFunction } from '../../functions/projector/handler.ts';
import { rebuildViews } from '../../functions/projector/rebuild.ts';
import { gameDecider, type GameResultRecorded, gameStreamId } from '#domain/games/game-result.ts';
import { marshall } from '@aws-sdk/util-dynamodb';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf, ResponseOf } from '#domain/contracts/contract.ts';
import { call, runImportJob } from './support/call.ts';
import { routeOf } from './support/route-of.ts';
import { useTestStack } from './support/test-stack.ts';
import { readSlip } from '../../functions/betting/slip-service.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listUsers } from '../../functions/store/users.ts';
import { viewsSnapshot } from './support/views-snapshot.ts';

// Sunday 12:00 in New York, week 9: weeks 1–8 are over; Sunday afternoon, Monday and Tuesday games are not.
const sunday = '2026-11-22T17:00:00Z';
const given = useTestStack({ now: sunday });
/** The projector as deployed, on this file's stack. */
const projector = projectorFunction(() => given.stack.deps);
const week = (number: number) => 20263300 + number;

type LeaderRow = ResponseOf<typeof contracts.balance>['rows'][number];

async function leaderboard(
  token: string,
  weekNumber: number,
  extra: Partial<RequestOf<typeof contracts.balance>> = {},
) {
  const answer = await call(given.api, contracts.balance, { sportId: 33, weekId: week(weekNumber), ...extra }, token);
  expect(answer.status).toBe(200);
  return answer.body.rows;
}

/** Import Scores as a job: it must answer 202 at once; the job's record once everything settled. */
const importScores = (token: string) => runImportJob(given, token, contracts.loadResults, { sportId: '33' });

const userId = async (token: string) => (await call(given.api, contracts.currentUser, {}, token)).body.id;

/** Each game's pick share as the client's slips hold it, from the events rather than the views the rows read. */
async function sharesFromSlips(
  domain: string,
  games: readonly { gameId: number; homeTeamId: number; awayTeamId: number }[],
) {
  const deps = given.stack.deps;
  const client = (await findClientByDomain(deps, domain))!;
  const picks = new Map<string, number>();
  for (const user of await listUsers(deps, client.id)) {
    const { state } = await readSlip(deps, { clientId: client.id, userId: user.id, sportId: 33, weekId: week(5) });
    for (const bet of state.bets.values())
      picks.set(`${bet.gameId}#${bet.teamId}`, (picks.get(`${bet.gameId}#${bet.teamId}`) ?? 0) + 1);
  }
  const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 1000 : 0);
  return games.map((game) => {
    const home = picks.get(`${game.gameId}#${game.homeTeamId}`) ?? 0;
    const away = picks.get(`${game.gameId}#${game.awayTeamId}`) ?? 0;
    return { home: share(home, home + away), away: share(away, home + away), picks: home + away };
  });
}

describe('results and leaderboards', () => {
  it('Import Scores runs as a job: it answers at once and its status tells success with counts', async () => {
    const status = await importScores(await given.api.signIn('coach'));
    expect(status).toMatchObject({ type: 'ImportResults', status: 'succeeded', counts: { weeksClosed: 8 } });
    expect(status.counts!.changed).toBeGreaterThan(8 * 16 - 10);
    expect(status.counts!.penalties).toBeGreaterThan(0);
  });

  it('a second import changes nothing and closes nothing again', async () => {
    const status = await importScores(await given.api.signIn('coach'));
    expect(status.counts).toMatchObject({ changed: 0, weeksClosed: 0, penalties: 0 });
  });

  it('a player’s week points on the leaderboard are the graded picks of their slip', async () => {
    const alex = await given.api.signIn('alex');
    const alexId = await userId(alex);
    const slip = (await call(given.api, contracts.betList, { sportId: '33', weekId: String(week(5)) }, alex)).body.data;
    const graded = slip.filter((row) => row.id !== null);
    expect(graded.every((row) => [2, 3, 4].includes(row.betResult))).toBe(true);
    const row = (await leaderboard(alex, 5)).find((candidate) => candidate.userId === alexId)!;
    expect(row.regularWonBetsSum).toBe(graded.reduce((sum, bet) => sum + bet.signedPoints, 0));
    expect(row.weekPoints).toBe(row.regularWonBetsSum + row.bonusWonBetsSum + row.penalty);
  });

  it('YTD is the sum of the week points of the season through the week', async () => {
    const coach = await given.api.signIn('coach');
    const weeks = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((number) => leaderboard(coach, number)));
    const player = weeks[7]![0]!.userId;
    const expected = weeks.reduce((sum, rows) => sum + (rows.find((row) => row.userId === player)?.weekPoints ?? 0), 0);
    expect(weeks[7]!.find((row) => row.userId === player)!.totalSeasonBalance).toBe(expected);
  });

  it('ranks by week points, ties sharing a rank', async () => {
    const rows = await leaderboard(await given.api.signIn('coach'), 6);
    for (const [index, row] of rows.entries()) {
      const previous = rows[index - 1];
      if (!previous) expect(row.rank).toBe(1);
      else if (previous.weekPoints === row.weekPoints) expect(row.rank).toBe(previous.rank);
      else expect(row.rank).toBe(index + 1);
    }
  });

  it('a player who skipped a closed week gets one −50 for it, and nothing else that week', async () => {
    const coach = await given.api.signIn('coach');
    const penalized = (await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((number) => leaderboard(coach, number))))
      .flat()
      .filter((row) => row.penalty !== 0);
    expect(penalized.length).toBeGreaterThan(0);
    for (const row of penalized)
      expect(row).toMatchObject({
        penalty: -50,
        weekPoints: -50,
        regularWonBetsSum: 0,
        twentyPoint: { teamId: null },
      });
  });

  it('hides another player’s pick on a game that has not started; the owner sees it', async () => {
    const coachRows = await leaderboard(await given.api.signIn('coach'), 9);
    const sam = await given.api.signIn('sam');
    const samId = await userId(sam);
    const cells = (row: LeaderRow) => [
      row.twentyPoint,
      row.firstTenPoint,
      row.secondTenPoint,
      row.firstFivePoint,
      row.secondFivePoint,
    ];
    const samAsSeenByCoach = coachRows.find((row) => row.userId === samId)!;
    const samAsSeenBySam = (await leaderboard(sam, 9)).find((row) => row.userId === samId)!;
    const hidden = cells(samAsSeenByCoach).filter((cell) => cell.hidden);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((cell) => cell.teamId === null && cell.Points === null)).toBe(true);
    expect(cells(samAsSeenBySam).every((cell) => !cell.hidden && cell.teamId !== null)).toBe(true);
  });

  // Probe: the raw Accept-Encoding header is the point.
  it('a leaderboard goes gzipped to a caller that accepts it and as plain JSON otherwise', async () => {
    const coach = await given.api.signIn('coach');
    const path = `${routeOf(contracts.balance)}?sportId=33&weekId=${week(8)}`;
    const gzipped = await given.api.call('GET', path, {
      token: coach,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const plain = await given.api.call('GET', path, { token: coach, headers: { 'accept-encoding': 'identity' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gzipped.body).toEqual(plain.body);
    expect(plain.body.rows.length).toBeGreaterThan(5);
  });

  it('the season chart gets the top 3 by season total and the caller, each with their week points', async () => {
    const alex = await given.api.signIn('alex');
    const alexId = await userId(alex);
    const season = (await call(given.api, contracts.seasonPoints, { sportId: '33' }, alex)).body;
    // A player's season total is their latest week's YTD: week 9's for those who picked in the running week.
    const latest = new Map<number, number>();
    for (const weekNumber of [8, 9])
      for (const row of await leaderboard(alex, weekNumber, { sort: 'ytd', limit: 100 }))
        latest.set(row.userId, row.totalSeasonBalance);
    expect(season.slice(0, 3).map((player) => player.totalSeasonBalance)).toEqual(
      [...latest.values()].sort((a, b) => b - a).slice(0, 3),
    );
    expect(season.some((player) => player.userId === alexId)).toBe(true);
    const week5 = await leaderboard(alex, 5);
    for (const player of season)
      expect(player.weekPoints['5'] ?? 0).toBe(week5.find((row) => row.userId === player.userId)?.weekPoints ?? 0);
  });

  it('the dashboard’s top 3 is the leaderboard’s first three, without picks', async () => {
    const coach = await given.api.signIn('coach');
    const top = await leaderboard(coach, 8, { limit: 3, showRegularGames: false });
    const full = await leaderboard(coach, 8);
    expect(top.map((row) => row.weekPoints)).toEqual(full.slice(0, 3).map((row) => row.weekPoints));
    expect(top.map((row) => row.totalSeasonBalance)).toEqual(
      top.map((row) => full.find((candidate) => candidate.userId === row.userId)!.totalSeasonBalance),
    );
    expect(top.every((row) => row.twentyPoint.teamId === null)).toBe(true);
  });

  it('stats: My Stats for a bettor, Overall Stats for a viewer of users, both consistent with wins and losses', async () => {
    const statsOf = async (login: string) =>
      (await call(given.api, contracts.stats, { sportId: 33, weekId: week(9) }, await given.api.signIn(login))).body;
    const mine = await statsOf('alex');
    const overall = await statsOf('coach');
    expect(mine.title).toBe('My Stats');
    expect(overall.title).toBe('Overall Stats');
    expect(overall.totalWins).toBeGreaterThan(mine.totalWins);
    expect(mine.winPercent + mine.lossPercent).toBeCloseTo(100, 0);
    expect(overall.totalPoints).toBeLessThan(overall.totalWinnings);
  });

  it('the users preview lists the client’s users for holders of view users of client only', async () => {
    const page = await call(
      given.api,
      contracts.userList,
      { limit: '6', page: '1', orderBy: 'First Name' },
      await given.api.signIn('coach'),
    );
    expect(page.body.total).toBe(13);
    expect(page.body.data).toHaveLength(6);
    expect(page.body.data[0]).not.toHaveProperty('passwordHash');
    expect(
      (await call(given.api, contracts.userList, { search: 'carter' }, await given.api.signIn('coach'))).body.data.map(
        (user) => user.login,
      ),
    ).toEqual(['alex']);
    expect((await call(given.api, contracts.userList, {}, await given.api.signIn('alex'))).status).toBe(403);
  });

  it('a job of another client is not found', async () => {
    const answer = await call(
      given.api,
      contracts.jobStatus,
      { id: 1 },
      await given.api.signIn('admin', 'pickem-admin', 'admin'),
    );
    expect(answer.status).toBe(404);
  });

  it('a late score correction in week 3 corrects every later week’s YTD', async () => {
    const coach = await given.api.signIn('coach');
    const before = await leaderboard(coach, 8);
    const game = 3300301;
    const { commits } = await given.stack.deps.events.readStream<GameResultRecorded>(gameStreamId(game));
    const last = commits.at(-1)!.events.at(-1)!.data;
    const flipped = { status: 2 as const, homeScore: last.awayScore, awayScore: last.homeScore };
    await handleCommand(
      given.stack.deps.events,
      gameStreamId(game),
      { at: sunday, actor: 0, correlationId: 'correction' },
      gameDecider,
      { type: 'RecordResult', game: last, result: flipped },
      { now: new Date(sunday) },
    );
    await given.stack.settled();
    const week3 = await leaderboard(coach, 3);
    const after = await leaderboard(coach, 8);
    const changed = after.filter(
      (row) =>
        row.totalSeasonBalance !== before.find((candidate) => candidate.userId === row.userId)?.totalSeasonBalance,
    );
    expect(changed.length).toBeGreaterThan(0);
    for (const row of after) {
      const weekPointsThrough8 = (
        await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => (n === 3 ? week3 : leaderboard(coach, n))))
      ).reduce((sum, rows) => sum + (rows.find((candidate) => candidate.userId === row.userId)?.weekPoints ?? 0), 0);
      expect(row.totalSeasonBalance).toBe(weekPointsThrough8);
    }
  });

  it("a started game's rows carry how the client's players split on it (fractions and picks, bonus picks too); a game not started carries null; another client counts its own", async () => {
    const alex = await given.api.signIn('alex');
    const games = (await call(given.api, contracts.gameList, { sportId: '33', weekId: String(week(5)) }, alex)).body;
    expect(games.some((game) => (game.pickShare?.picks ?? 0) > 0)).toBe(true);
    expect(games.map((game) => game.pickShare)).toEqual(await sharesFromSlips('demo', games));
    // A player's own slip reads the same shares.
    const slip = (await call(given.api, contracts.betList, { sportId: '33', weekId: String(week(5)) }, alex)).body;
    expect(slip.data.map((row) => [row.gameId, row.pickShare])).toEqual(
      games.map((row) => [row.gameId, row.pickShare]),
    );

    // Sunday noon in week 9: the afternoon's games have not started, so nobody learns how the pool picked them.
    const now = (await call(given.api, contracts.gameList, { sportId: '33', weekId: String(week(9)) }, alex)).body;
    const ahead = now.filter((game) => Date.parse(game.beginning) > Date.parse(sunday));
    expect(ahead.length).toBeGreaterThan(0);
    expect(ahead.every((game) => game.pickShare === null)).toBe(true);

    const rival = await given.api.signIn('rival-admin', undefined, 'rival');
    const rivalGames = await call(given.api, contracts.gameList, { sportId: '33', weekId: String(week(5)) }, rival);
    expect(rivalGames.status).toBe(200);
    expect(rivalGames.body.map((game) => game.pickShare)).toEqual(await sharesFromSlips('rival', rivalGames.body));
  });

  it('rebuilding the views from the events gives exactly the incremental result, also after duplicate deliveries', async () => {
    const incremental = await viewsSnapshot(given.stack.deps);
    const records = [];
    for await (const page of given.stack.deps.events.readAll()) {
      for (const commit of page) {
        records.push({
          dynamodb: {
            NewImage: marshall({
              PK: commit.streamId,
              SK: commit.version,
              events: commit.events,
              at: commit.at,
              actor: commit.actor,
              correlationId: commit.correlationId,
            }),
            SequenceNumber: String(records.length),
          },
        });
      }
    }
    expect(await projector({ Records: records.slice(0, 300) } as never)).toEqual({ batchItemFailures: [] });
    expect(await viewsSnapshot(given.stack.deps)).toEqual(incremental);
    const result = await rebuildViews(given.stack.deps);
    console.log(
      `rebuild: ${result.events} events from ${result.commits} commits in ${result.seconds.toFixed(2)} s (${result.eventsPerSecond} events/s)`,
    );
    expect(await viewsSnapshot(given.stack.deps)).toEqual(incremental);
  });
});
