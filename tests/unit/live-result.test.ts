import { describe, expect, it } from 'vitest';
import { liveMargin, liveResult, liveWeekPoints } from '#domain/betting/live-result.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { SlotPick, WeekTotal } from '#domain/scoring/week-scores.ts';

const game = (status: GameStatus, homeScore: number | null, awayScore: number | null) => ({
  status,
  homeTeamId: 1,
  homeScore,
  awayScore,
});
const live = (home: number, away: number) => game(GameStatus.Live, home, away);

describe('liveResult: the grading rule on the current score', () => {
  it('given home picked at −3.5 and a 24–20 live score, when asked, then it is winning by 0.5', () => {
    expect(liveResult({ teamId: 1, line: -3.5 }, live(24, 20))).toBe('winning');
    expect(liveMargin({ teamId: 1, line: -3.5 }, live(24, 20))).toBe(0.5);
  });

  it('given the visitor picked at +2 trailing 21–17, when asked, then it is losing by 2', () => {
    expect(liveResult({ teamId: 2, line: 2 }, live(21, 17))).toBe('losing');
    expect(liveMargin({ teamId: 2, line: 2 }, live(21, 17))).toBe(-2);
  });

  it('given a margin of exactly 0, when asked, then it is a push', () => {
    expect(liveResult({ teamId: 1, line: -3 }, live(10, 7))).toBe('push');
  });

  it('given a game not live (upcoming, final, canceled) or live without a score, then there is no live result', () => {
    for (const outcome of [
      game(GameStatus.Upcoming, null, null),
      game(GameStatus.Finished, 24, 20),
      game(GameStatus.Canceled, null, null),
      game(GameStatus.Live, null, null),
    ])
      expect(liveResult({ teamId: 1, line: -3.5 }, outcome)).toBeUndefined();
  });
});

describe('liveWeekPoints: graded picks as graded, live picks by liveResult, the rest nothing', () => {
  const pick = (gameId: number, points: number, result: SlotPick['result'], signedPoints = 0): SlotPick => ({
    gameId,
    teamId: 1,
    line: -3.5,
    points,
    beginning: '2026-11-22T18:00:00.000Z',
    result,
    signedPoints,
  });
  // Game 1 final and won (+20), game 2 live and covering (10), game 3 live and not covering (5), game 4 not started (5).
  const total: Pick<WeekTotal, 'slots' | 'weekPoints'> = {
    slots: {
      twentyPoint: pick(1, 20, 2, 20),
      firstTenPoint: pick(2, 10, 1),
      firstFivePoint: pick(3, 5, 1),
      secondFivePoint: pick(4, 5, 1),
    },
    weekPoints: 20 - 50,
  };
  const games = new Map([
    [1, game(GameStatus.Finished, 30, 10)],
    [2, live(14, 7)],
    [3, live(0, 3)],
    [4, game(GameStatus.Upcoming, null, null)],
  ]);

  it('given a final win, a live cover, a live miss and a game not started, then live points add the live stakes to the graded week', () => {
    expect(liveWeekPoints(total, games)).toBe(20 - 50 + 10 - 5);
  });

  it('given no game live, then live week points are the graded week points', () => {
    expect(liveWeekPoints(total, new Map([[1, game(GameStatus.Finished, 30, 10)]]))).toBe(-30);
  });

  it('given a live game going final, then its pick counts as graded and not twice', () => {
    const graded = { ...total, slots: { ...total.slots, firstTenPoint: pick(2, 10, 2, 10) }, weekPoints: -20 };
    expect(liveWeekPoints(graded, new Map([...games, [2, game(GameStatus.Finished, 14, 7)]]))).toBe(-20 - 5);
  });
});
