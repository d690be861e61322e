// Game day, live: a player picks before kickoff, the games start, Import Scores brings in-progress scores
// (the demo feed reports the games under way at the stack's clock as live), and the API tells each pick's
// live result, the leaderboard's live week points, and answers 304 to unchanged conditional reads.
import { beforeAll, describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { type Game, gameRow, type GameRow } from '#domain/catalogue/types.ts';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { runSlipCommand } from '../../functions/betting/slip-service.ts';
import { importScores } from '../../functions/jobs/import-scores.ts';
import { feedFor } from '../../functions/providers/provider-for.ts';
import { getSeason, getSport } from '../../functions/store/catalogue.ts';
import { listWeekGames } from '../../functions/views/week-games.ts';
import { keys } from '../../functions/store/keys.ts';
import { stampWeeksGames } from '../../functions/store/stamps.ts';
import { batchPut } from '../../functions/store/state-table.ts';
import { rebuildViews } from '../../functions/projector/rebuild.ts';
import { useTestStack } from './support/test-stack.ts';
import { viewsSnapshot } from './support/views-snapshot.ts';
import { call, runImportJob } from './support/call.ts';
import { contracts } from '#domain/contracts/api.ts';

// Sunday 14:30 in New York: the 13:00 games of week 9 are under way, the 16:25 ones not yet.
const given = useTestStack({ now: '2026-11-22T19:30:00Z' });
const nfl = 33;
const week9 = 20263309;
const week = { sportId: nfl, weekId: week9 };
let alex: string;
let coach: string;
let alexId: number;
let clientId: number;
let picks: { gameId: number; teamId: number; points: number }[];

const margin = (row: BetRow) => {
  const home = row.winnerTeamId === row.homeTeamId;
  const [picked, other] = home ? [row.homeTeamScore!, row.awayTeamScore!] : [row.awayTeamScore!, row.homeTeamScore!];
  return picked - other + row.pointSpread;
};
const expectedLive = (row: BetRow) => (margin(row) > 0 ? 'winning' : margin(row) < 0 ? 'losing' : 'push');
const stake = (row: BetRow) => ({ winning: row.points, losing: -row.points, push: 0 })[expectedLive(row)];

const betList = async (token = alex) => (await call(given.api, contracts.betList, week, token)).body.data;
const board = async (token = coach) => (await call(given.api, contracts.balance, { ...week, limit: 100 }, token)).body;

beforeAll(async () => {
  [alex, coach] = await Promise.all([given.api.signIn('alex'), given.api.signIn('coach')]);
  const user = (await call(given.api, contracts.currentUser, {}, alex)).body;
  alexId = user.id;
  clientId = user.clientId;
  // Alex picked at noon, before the 13:00 kickoffs: the slip service as the pick page runs it, on that day's clock.
  const games = (await call(given.api, contracts.gameList, week, alex)).body;
  const early = games.filter((game) => game.beginning === '2026-11-22T18:00:00.000Z' && game.homeSpread !== 0);
  picks = early.slice(0, 3).map((game, index) => ({
    gameId: game.gameId,
    teamId: index % 2 ? game.awayTeamId : game.homeTeamId,
    points: [20, 10, 10][index]!,
  }));
  const noon = { ...given.stack.deps, clock: fixedClock('2026-11-22T17:00:00Z') };
  const slip = { clientId, userId: alexId, sportId: nfl, weekId: week9 };
  await runSlipCommand(noon, { slip, actorId: alexId }, { type: 'SetRegularPicks', picks });
  const job = await runImportJob(given, coach, contracts.importScores, { sportId: nfl });
  expect(job.status).toBe('succeeded');
});

describe('live game day', () => {
  it("a bet row of a live game carries liveResult: the grading rule on the current score and the pick's frozen line", async () => {
    const rows = (await betList()).filter((row) => row.id !== null);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.eventStatus).toBe(GameStatus.Live);
      expect(row.homeTeamScore).not.toBeNull();
      expect(row.liveResult).toBe(expectedLive(row));
    }
    // Rows without a bet, and games not started, carry none.
    expect((await betList()).filter((row) => row.id === null).every((row) => row.liveResult === null)).toBe(true);
  });

  it('a leaderboard row carries liveWeekPoints: the graded week plus the live picks at their stakes; graded week points stay as graded', async () => {
    const rows = (await betList()).filter((row) => row.id !== null);
    const page = await board();
    const row = page.rows.find((candidate) => candidate.userId === alexId)!;
    expect(row.weekPoints).toBe(0);
    expect(row.liveWeekPoints).toBe(rows.reduce((sum, bet) => sum + stake(bet), 0));
    expect(page.liveGames).toBeGreaterThanOrEqual(3);
    const cells = [row.twentyPoint, row.firstTenPoint, row.secondTenPoint];
    expect(cells.map((cell) => cell.liveResult).sort()).toEqual(rows.map(expectedLive).sort());
  });

  it('the ranked leaderboard sorts by live week points: one page of the live index, ranks shared by ties, the caller ranked wherever they stand', async () => {
    const answer = await call(given.api, contracts.balance, { ...week, sort: 'live', limit: 100 }, coach);
    expect(answer.status).toBe(200);
    const page = answer.body;
    const points = page.rows.map((row) => row.liveWeekPoints);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(page.rows.length).toBe(page.players);
    const alexRow = page.rows.find((row) => row.userId === alexId)!;
    expect(alexRow.rank).toBe(1 + points.filter((value) => value > alexRow.liveWeekPoints).length);
    // Alex, asking a page of one, finds their own row ranked the same, off the page.
    const own = (await call(given.api, contracts.balance, { ...week, sort: 'live', limit: 1 }, alex)).body;
    expect(own.me).toMatchObject({ userId: alexId, rank: alexRow.rank, liveWeekPoints: alexRow.liveWeekPoints });
    // Ascending, the ranks are still standings, highest first.
    const ascending = (
      await call(given.api, contracts.balance, { ...week, sort: 'live', direction: 'asc', limit: 100 }, coach)
    ).body;
    expect(ascending.rows.find((row) => row.userId === alexId)!.rank).toBe(alexRow.rank);
  });

  it('an unchanged Bet/balance, Bet/list or Game/list asked with its ETag answers 304 without a body', async () => {
    const reads = [
      (headers: Record<string, string>) => call(given.api, contracts.balance, week, coach, headers),
      (headers: Record<string, string>) => call(given.api, contracts.betList, week, alex, headers),
      (headers: Record<string, string>) => call(given.api, contracts.gameList, week, alex, headers),
    ];
    for (const read of reads) {
      const first = await read({});
      const etag = first.headers.get('etag')!;
      expect(first.status).toBe(200);
      expect(etag).toMatch(/^".+"$/);
      const again = await read({ 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBeUndefined();
      expect(again.headers.get('etag')).toBe(etag);
    }
  });

  it('a score change answers 200 with a new ETag and the new live result, and the live sort follows it', async () => {
    const before = await call(given.api, contracts.betList, week, alex);
    const boardQuery = { ...week, limit: 100 };
    const boardBefore = await call(given.api, contracts.balance, boardQuery, coach);
    const pick = before.body.data.find((row) => row.gameId === picks[0]!.gameId)!;
    // The feed now turns the pick around (ahead by 30, or behind by 30 if it was winning): a fake feed over
    // the demo's, one game's score moved.
    const turned = pick.liveResult === 'winning' ? 'losing' : 'winning';
    const sport = (await getSport(given.stack.deps, nfl))!;
    const season = (await getSeason(given.stack.deps, nfl))!;
    const demo = feedFor(given.stack.deps.clock, season.beginDate.slice(0, 10), given.stack.deps.settings);
    const pickedHome = (pick.winnerTeamId === pick.homeTeamId) === (turned === 'winning');
    const feed = {
      ...demo,
      listResults: async (...args: Parameters<typeof demo.listResults>) =>
        (await demo.listResults(...args)).map((game) =>
          game.id === pick.gameId
            ? { ...game, homeScore: pickedHome ? 31 : 1, awayScore: pickedHome ? 1 : 31, status: GameStatus.Live }
            : game,
        ),
    };
    await importScores(given.stack.deps, sport, feed, [clientId], alexId);
    await given.stack.settled();

    const after = await call(given.api, contracts.betList, week, alex, {
      'if-none-match': before.headers.get('etag')!,
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(after.body.data.find((row) => row.gameId === pick.gameId)!.liveResult).toBe(turned);
    const boardAfter = await call(given.api, contracts.balance, boardQuery, coach, {
      'if-none-match': boardBefore.headers.get('etag')!,
    });
    expect(boardAfter.status).toBe(200);
    const row = boardAfter.body.rows.find((candidate) => candidate.userId === alexId)!;
    expect(row.weekPoints).toBe(0);
    expect(row.twentyPoint.liveResult).toBe(turned);
    // The live index moved with the score: its order is the live week points the rows now answer.
    const live = (await call(given.api, contracts.balance, { ...boardQuery, sort: 'live' }, coach)).body;
    const points = live.rows.map((candidate) => candidate.liveWeekPoints);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    const alexLive = live.rows.find((candidate) => candidate.userId === alexId)!;
    expect(alexLive.liveWeekPoints).toBe(row.liveWeekPoints);
    expect(alexLive.rank).toBe(1 + points.filter((value) => value > alexLive.liveWeekPoints).length);
  });

  it("a player's commit during the games moves the live counts: every standing read from them equals the page's order", async () => {
    const query = { ...week, sort: 'live' as const, limit: 100 };
    // Descending, ranks follow the page's own order; ascending, and off the page, they are read from the counts.
    const expectStandingsFromCounts = async (token: string) => {
      const page = (await call(given.api, contracts.balance, query, coach)).body;
      const standing = (points: number) => 1 + page.rows.filter((row) => row.liveWeekPoints > points).length;
      expect(page.rows.map((row) => row.rank)).toEqual(page.rows.map((row) => standing(row.liveWeekPoints)));
      const ascending = (await call(given.api, contracts.balance, { ...query, direction: 'asc' }, coach)).body;
      expect(ascending.rows.map((row) => row.rank)).toEqual(ascending.rows.map((row) => standing(row.liveWeekPoints)));
      const own = (await call(given.api, contracts.balance, { ...query, limit: 1 }, token)).body.me;
      if (own) expect(own.rank).toBe(standing(own.liveWeekPoints));
      return { page, own };
    };
    // Jordan has not picked this week: picks on games not started put Jordan on the week, clearing them takes
    // Jordan off again.
    const jordan = await given.api.signIn('jordan');
    const open = (await betList(jordan)).filter(
      (row) =>
        row.eventStatus === GameStatus.Upcoming &&
        !row.isBonusGame &&
        row.homeSpread !== 0 &&
        Date.parse(row.beginning) > Date.parse('2026-11-22T19:30:00Z'),
    );
    expect(open.length).toBeGreaterThanOrEqual(3);
    const bets = open
      .slice(0, 3)
      .map((row, index) => ({ gameId: row.gameId, teamId: row.homeTeamId, points: [20, 10, 10][index]! }));
    const before = await expectStandingsFromCounts(jordan);
    expect(before.own).toBeNull();

    expect((await call(given.api, contracts.setBets, { ...week, bets }, jordan)).status).toBe(200);
    await given.stack.settled();
    const placed = await expectStandingsFromCounts(jordan);
    expect(placed.page.rows).toHaveLength(before.page.rows.length + 1);
    expect(placed.own).toMatchObject({ liveWeekPoints: 0 });

    expect((await call(given.api, contracts.setBets, { ...week, bets: [] }, jordan)).status).toBe(200);
    await given.stack.settled();
    const cleared = await expectStandingsFromCounts(jordan);
    expect(cleared.own).toBeNull();
    expect(cleared.page.rows).toHaveLength(before.page.rows.length);
  });

  it('a live game gone final: its graded result replaces its live score, in the graded week and in the live sort', async () => {
    const pick = (await betList()).find((row) => row.gameId === picks[1]!.gameId)!;
    const sport = (await getSport(given.stack.deps, nfl))!;
    const season = (await getSeason(given.stack.deps, nfl))!;
    const demo = feedFor(given.stack.deps.clock, season.beginDate.slice(0, 10), given.stack.deps.settings);
    // The pick wins by 20 at the final whistle, whatever its live score said.
    const pickedHome = pick.winnerTeamId === pick.homeTeamId;
    const feed = {
      ...demo,
      listResults: async (...args: Parameters<typeof demo.listResults>) =>
        (await demo.listResults(...args)).map((game) =>
          game.id === pick.gameId
            ? {
                ...game,
                homeScore: pickedHome ? 40 : 0,
                awayScore: pickedHome ? 0 : 40,
                status: GameStatus.Finished,
              }
            : game,
        ),
    };
    await importScores(given.stack.deps, sport, feed, [clientId], alexId);
    await given.stack.settled();

    const live = (await call(given.api, contracts.balance, { ...week, sort: 'live', limit: 100 }, coach)).body;
    const row = live.rows.find((candidate) => candidate.userId === alexId)!;
    expect(row.weekPoints).toBe(pick.points);
    const stillLive = (await betList()).filter((bet) => bet.id !== null && bet.eventStatus === GameStatus.Live);
    expect(row.liveWeekPoints).toBe(pick.points + stillLive.reduce((sum, bet) => sum + stake(bet), 0));
    const points = live.rows.map((candidate) => candidate.liveWeekPoints);
    expect(points).toEqual([...points].sort((a, b) => b - a));
  });

  it('a rebuild from the events writes exactly the live-score facts, live entries and live counts the projector wrote', async () => {
    const incremental = await viewsSnapshot(given.stack.deps);
    expect(incremental.some((item) => item.includes('LIVESCORES#'))).toBe(true);
    expect(incremental.some((item) => item.includes('LIVECOUNT#'))).toBe(true);
    await rebuildViews(given.stack.deps);
    expect(await viewsSnapshot(given.stack.deps)).toEqual(incremental);
  });

  it("a game's status and score are its outcome facts' alone: a score an older row still carries moves neither the leaderboard's live figures nor the games a player sees", async () => {
    const alexOn = async () => (await board()).rows.find((row) => row.userId === alexId)!;
    const before = await alexOn();
    const slots = (['twentyPoint', 'firstTenPoint', 'secondTenPoint'] as const).map((slot, index) => ({
      slot,
      pick: picks[index]!,
    }));
    const { slot, pick } = slots.find(({ slot }) => before[slot].liveResult !== null)!;
    const { deps } = given.stack;
    const game = (await listWeekGames(deps, week9)).find((candidate) => candidate.id === pick.gameId)!;
    const shownBefore = (await betList()).find((row) => row.gameId === game.id)!;
    // A row as rows were once kept, with a status and score of their own: the picked side turned around by 40, the
    // games stamp moved with it.
    const pickedHome = pick.teamId === game.homeTeamId;
    const ahead = before[slot].liveResult === 'winning' ? !pickedHome : pickedHome;
    const turned = { ...game, homeTeamScore: ahead ? 41 : 1, awayTeamScore: ahead ? 1 : 41 };
    const putRow = async (row: Game | GameRow) => {
      await batchPut(deps, [{ ...keys.game(row.weekId, row.id), ...row }]);
      await stampWeeksGames(deps, [row]);
    };
    await putRow(turned);
    const after = await alexOn();
    expect(after.liveWeekPoints).toBe(before.liveWeekPoints);
    expect(after[slot].liveResult).toBe(before[slot].liveResult);
    const live = (await call(given.api, contracts.balance, { ...week, sort: 'live', limit: 100 }, coach)).body;
    expect(live.rows.find((row) => row.userId === alexId)!.liveWeekPoints).toBe(after.liveWeekPoints);
    const shown = (await betList()).find((row) => row.gameId === game.id)!;
    expect([shown.homeTeamScore, shown.awayTeamScore, shown.eventStatus]).toEqual([
      shownBefore.homeTeamScore,
      shownBefore.awayTeamScore,
      shownBefore.eventStatus,
    ]);
    expect((await listWeekGames(deps, week9)).find((candidate) => candidate.id === game.id)).toEqual(game);
    await putRow(gameRow(game));
  });

  it("live numbers stay in their tenant: a player naming another client's leaderboard or slips is refused", async () => {
    const other = clientId + 1;
    const board = await call(given.api, contracts.balance, { ...week, clientId: other }, alex);
    expect(board.status).toBe(403);
    const slips = await call(given.api, contracts.betList, { ...week, clientId: other }, alex);
    expect(slips.status).toBe(403);
  });
});
