import { describe, expect, it } from 'vitest';
import { seasonStats } from '#domain/scoring/stats.ts';
import {
  type PickCell,
  type Outcome,
  rankBy,
  weekTotalOf,
  weekTotals,
  yearToDate,
} from '#domain/scoring/week-scores.ts';

const kickoff = (day: number) => `2026-11-${String(day).padStart(2, '0')}T18:00:00.000Z`;
const cell = (gameId: number, points: number, overrides: Partial<PickCell> = {}): PickCell => ({
  gameId,
  teamId: gameId * 10,
  line: -3.5,
  points,
  isBonus: false,
  beginning: kickoff(10 + gameId),
  ...overrides,
});
const won = (gameId: number): Outcome => ({
  gameId,
  status: 2,
  homeTeamId: gameId * 10,
  homeScore: 30,
  awayScore: 10,
  beginning: kickoff(10 + gameId),
});
const lost = (gameId: number): Outcome => ({ ...won(gameId), homeScore: 10, awayScore: 30 });

describe('week totals', () => {
  it('puts picks in their slots by points, the two 10s and the two 5s in kickoff order, and the bonus apart', () => {
    const total = weekTotalOf(
      7,
      [cell(3, 10), cell(1, 20), cell(2, 10), cell(4, 5), cell(5, 5), cell(6, 12, { isBonus: true })],
      new Map(),
      0,
    );
    expect(Object.fromEntries(Object.entries(total.slots).map(([slot, pick]) => [slot, pick?.gameId]))).toEqual({
      twentyPoint: 1,
      firstTenPoint: 2,
      secondTenPoint: 3,
      firstFivePoint: 4,
      secondFivePoint: 5,
      bonusPoint: 6,
    });
  });

  it('week points = regular signed sum + bonus signed points + penalty; stats count won and lost bets', () => {
    const outcomes = new Map([won(1), lost(2), won(6)].map((outcome) => [outcome.gameId, outcome]));
    const total = weekTotalOf(7, [cell(1, 20), cell(2, 10), cell(3, 5), cell(6, 15, { isBonus: true })], outcomes, -50);
    expect(total).toMatchObject({
      regularWonBetsSum: 10,
      bonusWonBetsSum: 15,
      penalty: -50,
      weekPoints: -25,
      wins: 2,
      losses: 1,
      winnings: 35,
      totalBetsCount: 4,
      regularWonBetsCount: 1,
    });
    expect(total.slots.firstFivePoint?.result).toBe(1);
  });

  it('gives a player with only a penalty a row of −50', () => {
    expect(weekTotals(new Map(), new Map(), new Map([[9, -50]]))).toEqual([
      expect.objectContaining({ userId: 9, weekPoints: -50, totalBetsCount: 0 }),
    ]);
  });
});

describe('year to date and ranking', () => {
  it('adds up the week points through the selected week only', () => {
    expect(yearToDate({ 1: 10, 2: -50, 3: 25, 4: 100 }, 3)).toBe(-15);
  });

  it('ties share a rank and the next rank skips (1, 2, 2, 4)', () => {
    expect(rankBy([{ p: 5 }, { p: 30 }, { p: 5 }, { p: 1 }], (row) => row.p).map((row) => [row.p, row.rank])).toEqual([
      [30, 1],
      [5, 2],
      [5, 2],
      [1, 4],
    ]);
  });
});

describe('stats', () => {
  it('sums the season through a week and reports the week before it as last week', () => {
    const season = new Map([
      [1, [3, 2, 40, 5, 25, 0, 0] as const],
      [2, [0, 0, 0, 0, 0, 0, -50] as const],
      [3, [4, 1, 45, 6, 30, 10, 0] as const],
    ]);
    expect(seasonStats([season], 3)).toEqual({
      totalWins: 7,
      totalLosses: 3,
      winPercent: 70,
      lossPercent: 30,
      totalWinnings: 85,
      totalPoints: 15,
      totalBetsCount: 11,
      lastWeekWinnings: 0,
      lastWeekPoints: -50,
    });
  });

  it('rounds the win and loss percentages so that they add up to 100', () => {
    const oneOfSixteen = new Map([[1, [1, 15, 20, 16, -140, 0, 0] as const]]);
    expect(seasonStats([oneOfSixteen], 1)).toMatchObject({ winPercent: 6.3, lossPercent: 93.7 });
  });
});
