import { describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { PickCell, Outcome } from '#domain/scoring/week-scores.ts';
import { liveCountMoves, rankOfScore } from '#domain/scoring/week-aggregates.ts';
import { scoreKey } from '../../functions/views/scope.ts';
import { type SeasonRow, seasonOf, seasonWeekPoints, seasonWith } from '../../functions/views/season-rows.ts';
import type { FactRow } from '../../functions/views/week-facts.ts';
import {
  type ComputedTotal,
  draftOf,
  laterWeeksMoved,
  regradedTotalsOf,
  weekTotalItem,
  weekTotalRowOf,
  weekTotalsOf,
} from '../../functions/views/week-totals.ts';

const scope = { clientId: 2, sportId: 33, weekId: 20263309 };
const kickoff = '2026-11-22T18:00:00.000Z';
const bet = (gameId: number, points: number): PickCell => ({
  gameId,
  teamId: gameId * 10,
  line: -3.5,
  points,
  isBonus: false,
  beginning: kickoff,
});
const slip = (userId: number, cells: PickCell[]): FactRow => ({ userId, cells, version: 1 });
const won = (gameId: number): Outcome => ({
  gameId,
  status: 2,
  homeTeamId: gameId * 10,
  homeScore: 30,
  awayScore: 10,
  beginning: kickoff,
});
const names = (userId: number) => ({ displayName: `P${userId}`, firstName: '', lastName: '' });

describe('a client week’s totals from its facts', () => {
  const facts = [
    slip(1, [bet(100, 20), bet(200, 10)]),
    slip(2, [bet(200, 20)]),
    { userId: 3, points: -50, version: 4 },
  ];
  const outcomes = new Map([[100, won(100)]]);
  const item = (computed: ComputedTotal, season?: SeasonRow) =>
    weekTotalItem(scope, {
      total: computed.total,
      names: names(computed.total.userId),
      ytd: 0,
      liveWeekPoints: computed.live,
      season,
    });

  it('tells which players hold a bet on a game, the only totals its result changes', () => {
    const { totals } = weekTotalsOf(facts, outcomes);
    expect(
      totals.filter(({ gameIds }) => gameIds.has(100)).map(({ total }) => [total.userId, total.weekPoints]),
    ).toEqual([[1, 20]]);
  });

  it('gives every player’s total, a penalty-only player included', () => {
    const { totals } = weekTotalsOf(facts, outcomes);
    expect(totals.map(({ total }) => [total.userId, total.weekPoints])).toEqual([
      [1, 20],
      [2, 0],
      [3, -50],
    ]);
  });

  it('keeps a week with neither a bet nor a penalty (a slip set, then cleared) out of the rank indexes', () => {
    const { totals } = weekTotalsOf([...facts, slip(4, [])], outcomes);
    const items = totals.map((computed) => item(computed));
    expect(items.map((each) => each.userId)).toEqual([1, 2, 3, 4]);
    for (const index of ['GSI1PK', 'GSI2PK', 'GSI3PK'])
      expect(items.filter((each) => index in each).map((each) => each.userId)).toEqual([1, 2, 3]);
  });

  it('counts every active player on their live week score, and a total carries its live points', () => {
    const live = new Map([[200, { ...won(200), status: GameStatus.Live, homeScore: 7, awayScore: 0, version: 1 }]]);
    const { totals, liveCounts } = weekTotalsOf([...facts, slip(4, [])], outcomes, live);
    // Player 1: 20 graded + 10 covering; player 2: 20 covering; player 3: the penalty; player 4 is not active.
    expect(totals.map(({ total, live: points }) => [total.userId, points])).toEqual([
      [1, 30],
      [2, 20],
      [3, -50],
      [4, 0],
    ]);
    expect(liveCounts).toEqual({ l30: 1, l20: 1, 'l-50': 1 });
    expect([30, 20, -50].map((points) => rankOfScore(liveCounts, 'l', points))).toEqual([1, 2, 3]);
  });

  it('a player’s change moves the live counts by one, off the old score and onto the new; none when not active', () => {
    expect(liveCountMoves(20, 30)).toEqual({ l20: -1, l30: 1 });
    expect(liveCountMoves(undefined, 5)).toEqual({ l5: 1 });
    expect(liveCountMoves(5, undefined)).toEqual({ l5: -1 });
    expect(liveCountMoves(5, 5)).toEqual({});
  });

  it('only the latest total carries the season and stands in the season index, by season total', () => {
    const [first] = weekTotalsOf(facts, outcomes).totals;
    const season: SeasonRow = { userId: 1, ...names(1), s8: '1,0,20,1,20,0,0', s9: '1,0,20,2,20,0,0' };
    const latest = item(first!, season);
    expect(latest).toMatchObject({ season: '8:1,0,20,1,20,0,0;9:1,0,20,2,20,0,0', GSI4SK: scoreKey(40, 1) });
    expect(seasonOf(weekTotalRowOf(latest) as never)).toEqual(season);
    expect(seasonWeekPoints(seasonOf(weekTotalRowOf(latest) as never))).toEqual({ 8: 20, 9: 20 });
    expect(item(first!)).not.toHaveProperty('season');
    expect(item(first!)).not.toHaveProperty('GSI4PK');
  });

  it('a stored total reads back as it was written, its picks included', () => {
    const [first] = weekTotalsOf(facts, outcomes).totals;
    const row = weekTotalRowOf(item(first!));
    expect(row).toMatchObject({ ...first!.total, ...names(1), ytd: 0, liveWeekPoints: first!.live });
    expect(draftOf(row).total).toEqual(first!.total);
  });

  it('a result regrades the stored totals to what the facts give, bonus bets and penalties included', () => {
    const bonus = { ...bet(300, 5), isBonus: true };
    const week = [
      slip(1, [bet(100, 20), bet(200, 10), bonus]),
      slip(2, [bet(200, 20)]),
      { userId: 2, points: -50, version: 4 },
    ];
    const before = weekTotalsOf(week, outcomes).totals;
    const stored = before.map((computed) => weekTotalRowOf(item(computed)));
    const lost = { ...won(200), homeScore: 0 };
    const after = new Map([...outcomes, [200, lost], [300, won(300)]]);
    const regrade = regradedTotalsOf(stored, after, new Map());
    expect(regrade).toEqual(weekTotalsOf(week, after));
    expect(regrade.totals.map(({ total }) => [total.userId, total.weekPoints])).toEqual([
      [1, 20 - 10 + 5],
      [2, -20 - 50],
    ]);
  });
});

describe('the later weeks a change of a week moves', () => {
  const row = (s9: string): SeasonRow => ({
    userId: 1,
    displayName: 'Alex',
    firstName: 'A',
    lastName: 'X',
    s8: '1,0,20,1,20,0,0',
    s9,
    s10: '0,0,0,2,0,0,0',
    s12: '0,1,0,1,-5,0,0',
  });

  it('a regraded week moves the YTD of every later week the player has a total in', () => {
    expect(laterWeeksMoved(scope, row('0,1,0,1,-20,0,0'), row('1,0,20,1,20,0,0'))).toEqual([20263310, 20263312]);
  });

  it('a change that keeps the week’s points (a pick added on a game not played yet) moves none', () => {
    expect(laterWeeksMoved(scope, row('0,0,0,1,0,0,0'), row('0,0,0,2,0,0,0'))).toEqual([]);
  });

  it('a player new to the season has no later week to move', () => {
    expect(laterWeeksMoved(scope, undefined, { userId: 1, ...names(1), s9: '1,0,20,1,20,0,0' })).toEqual([]);
  });

  it("a week counted into a season replaces that week's stats, keeps the others and takes the player's names", () => {
    const { total } = weekTotalsOf([slip(1, [bet(1, 20)])], new Map([[1, won(1)]])).totals[0]!;
    const season = seasonWith(row('0,1,0,1,-20,0,0'), scope.weekId, total, names(1));
    expect(season).toMatchObject({
      displayName: 'P1',
      s8: '1,0,20,1,20,0,0',
      s9: '1,0,20,1,20,0,0',
      s12: '0,1,0,1,-5,0,0',
    });
    expect(seasonWith(undefined, scope.weekId, total, names(1))).toEqual({
      userId: 1,
      ...names(1),
      s9: '1,0,20,1,20,0,0',
    });
  });
});
