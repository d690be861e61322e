import { describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { BetCell, Outcome } from '#domain/scoring/week-scores.ts';
import { liveCountMoves, rankOfScore } from '#domain/scoring/week-aggregates.ts';
import { type SeasonRow, seasonWeekPoints } from '../../functions/views/season-rows.ts';
import type { FactRow } from '../../functions/views/week-facts.ts';
import { laterWeeksMoved, weekViews } from '../../functions/views/week-totals.ts';

const scope = { clientId: 2, sportId: 33, weekId: 20263309 };
const kickoff = '2026-11-22T18:00:00.000Z';
const bet = (gameId: number, points: number): BetCell => ({
  gameId,
  teamId: gameId * 10,
  line: -3.5,
  points,
  isBonus: false,
  beginning: kickoff,
});
const slip = (userId: number, cells: BetCell[]): FactRow => ({ userId, cells, version: 1 });
const won = (gameId: number): Outcome => ({
  gameId,
  status: 2,
  homeTeamId: gameId * 10,
  homeScore: 30,
  awayScore: 10,
  beginning: kickoff,
});
const names = (userId: number) => ({ displayName: `P${userId}`, firstName: '', lastName: '' });

describe('a client week’s views after a game result', () => {
  const facts = [
    slip(1, [bet(100, 20), bet(200, 10)]),
    slip(2, [bet(200, 20)]),
    { userId: 3, points: -50, version: 4 },
  ];
  const outcomes = new Map([[100, won(100)]]);

  it('writes totals only for the players holding a bet on that game', () => {
    const { totalItems } = weekViews(scope, facts, outcomes, new Map(), names, new Set([100]));
    expect(totalItems.map((item) => [item.userId, item.weekPoints])).toEqual([[1, 20]]);
  });

  it('without a game (a rebuild) writes every player’s total, a penalty-only player included', () => {
    const { totalItems } = weekViews(scope, facts, outcomes, new Map(), names);
    expect(totalItems.map((item) => [item.userId, item.weekPoints])).toEqual([
      [1, 20],
      [2, 0],
      [3, -50],
    ]);
  });

  it('keeps a week with neither a bet nor a penalty (a slip set, then cleared) out of the rank index', () => {
    const cleared = [...facts, slip(4, [])];
    const { totalItems } = weekViews(scope, cleared, outcomes, new Map(), names);
    const inIndex = totalItems.filter((item) => 'GSI1PK' in item).map((item) => item.userId);
    expect(totalItems.map((item) => item.userId)).toEqual([1, 2, 3, 4]);
    expect(inIndex).toEqual([1, 2, 3]);
  });

  it('counts every active player on their live week score, even when only one game’s bettors are written', () => {
    const live = new Map([[200, { ...won(200), status: GameStatus.Live, homeScore: 7, awayScore: 0, version: 1 }]]);
    const cleared = [...facts, slip(4, [])];
    const { liveItems, liveCounts } = weekViews(scope, cleared, outcomes, new Map(), names, new Set([100]), live);
    // Player 1: 20 graded + 10 covering; player 2: 20 covering; player 3: the penalty; player 4 is not active.
    expect(liveItems.map((item) => item.userId)).toEqual([1]);
    expect(liveCounts).toEqual({ l30: 1, l20: 1, 'l-50': 1 });
    expect([30, 20, -50].map((points) => rankOfScore(liveCounts, 'l', points))).toEqual([1, 2, 3]);
  });

  it('a player’s change moves the live counts by one, off the old score and onto the new; none when not active', () => {
    expect(liveCountMoves(20, 30)).toEqual({ l20: -1, l30: 1 });
    expect(liveCountMoves(undefined, 5)).toEqual({ l5: 1 });
    expect(liveCountMoves(5, undefined)).toEqual({ l5: -1 });
    expect(liveCountMoves(5, 5)).toEqual({});
  });

  it('a total carries its player’s names from the season row, or from the user for a newcomer to the season', () => {
    const seasons = new Map<number, SeasonRow>([
      [1, { userId: 1, displayName: 'Alex', firstName: 'A', lastName: 'X' }],
    ]);
    const { totalItems } = weekViews(scope, facts, outcomes, seasons, names);
    expect(totalItems.map((item) => [item.userId, item.displayName, item.firstName])).toEqual([
      [1, 'Alex', 'A'],
      [2, 'P2', ''],
      [3, 'P3', ''],
    ]);
  });

  it('rewrites a season row only when its week changed, keeping the other weeks and the names it has', () => {
    const seasons = new Map<number, SeasonRow>([
      [
        1,
        { userId: 1, displayName: 'Alex', firstName: 'A', lastName: 'X', s8: '1,0,20,1,20,0,0', s9: '0,0,0,2,0,0,0' },
      ],
      [2, { userId: 2, displayName: 'Sam', firstName: 'S', lastName: 'M', s9: '0,0,0,1,0,0,0' }],
    ]);
    const { seasonItems } = weekViews(scope, facts, outcomes, seasons, names, new Set([100]));
    expect(seasonItems.map((row) => row.userId)).toEqual([1, 3]);
    expect(seasonItems[0]).toMatchObject({ displayName: 'Alex', s8: '1,0,20,1,20,0,0', s9: '1,0,20,2,20,0,0' });
    expect(seasonWeekPoints(seasonItems[0]!)).toEqual({ 8: 20, 9: 20 });
    expect(seasonItems[1]).toMatchObject({ displayName: 'P3', s9: '0,0,0,0,0,0,-50' });
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
});
