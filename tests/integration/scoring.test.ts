// Import Scores and the leaderboards it grades: week points from the graded picks, YTD, ranks, the penalty for a
// skipped week, picks hidden until kickoff, the season chart, the dashboard's top 3 and the stats.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import type { GameRow } from '#domain/catalogue/types.ts';
import { slotNames } from '#domain/scoring/week-scores.ts';
import { keys } from '../../functions/store/keys.ts';
import { putItem, queryAll } from '../../functions/store/state-table.ts';
import { call } from './support/call.ts';
import { routeOf } from './support/route-of.ts';
import { useScoringStack, week } from './support/scoring.ts';

const { given, leaderboard, importScores } = useScoringStack();

type LeaderRow = ResponseOf<typeof contracts.balance>['rows'][number];

const userId = async (token: string) => (await call(given.api, contracts.currentUser, {}, token)).body.id;

describe('results and leaderboards', () => {
  it('Import Scores runs as a job: it answers at once and its status tells success with counts', async () => {
    const status = await importScores(await given.api.signIn('coach'));
    expect(status).toMatchObject({ type: 'ImportScores', status: 'succeeded', counts: { weeksClosed: 8 } });
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

  it('keeps a pick hidden until its game starts, when the kickoff moved later after the pick was placed', async () => {
    const { deps } = given.stack;
    const coach = await given.api.signIn('coach');
    const samId = await userId(await given.api.signIn('sam'));
    const samOf = async () => (await leaderboard(coach, 9)).find((row) => row.userId === samId)!;
    const before = await samOf();
    const slot = slotNames.find((name) => !before[name].hidden && before[name].teamId !== null)!;
    const rows = await queryAll<GameRow>(deps, keys.gamesPartition(week(9)));
    const game = rows.find((row) => [row.homeTeamId, row.awayTeamId].includes(before[slot].teamId!))!;
    // Moved to an hour from now, as a feed's later kickoff is imported (the row the pages read; its stamp moves).
    const later = new Date(deps.clock.now().getTime() + 3_600_000).toISOString();
    await putItem(deps, { ...keys.game(week(9), game.id), ...game, beginning: later });
    try {
      expect((await samOf())[slot]).toMatchObject({ hidden: true, teamId: null });
    } finally {
      await putItem(deps, { ...keys.game(week(9), game.id), ...game });
    }
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
});
