import { describe, expect, it } from 'vitest';
import { BetResult } from '#domain/betting/grading.ts';
import { gamePickCounts, pickShareOf } from '#domain/scoring/pick-share.ts';
import type { SlotPick } from '#domain/scoring/week-scores.ts';

const pick = (gameId: number, teamId: number, points = 5): SlotPick => ({
  gameId,
  teamId,
  line: 0,
  points,
  beginning: '2026-11-22T18:00:00Z',
  result: BetResult.NotSet,
  signedPoints: 0,
});
const game = { homeTeamId: 1, awayTeamId: 2, beginning: '2026-11-22T18:00:00Z' };
const afterKickoff = new Date('2026-11-22T18:00:01Z');

describe('pick distribution', () => {
  it('counts every pick on the game by team, the bonus pick too, over every player', () => {
    const counts = gamePickCounts(
      [
        { slots: { twentyPoint: pick(7, 1, 20), firstFivePoint: pick(8, 2) } },
        { slots: { firstTenPoint: pick(7, 2, 10), bonusPoint: pick(9, 1) } },
        { slots: { secondFivePoint: pick(7, 1) } },
      ],
      [7, 9, 10],
    );
    expect(Object.fromEntries(counts)).toEqual({ 7: { 1: 2, 2: 1 }, 9: { 1: 1 }, 10: {} });
  });

  it('is null before kickoff, whatever was counted; after it, fractions of the picks (0 when nobody picked)', () => {
    const kickoff = new Date(game.beginning);
    expect(pickShareOf({ 1: 2, 2: 1 }, game, new Date(kickoff.getTime() - 1))).toBeNull();
    expect(pickShareOf({ 1: 2, 2: 1 }, game, afterKickoff)).toEqual({ home: 0.667, away: 0.333, picks: 3 });
    expect(pickShareOf({}, game, afterKickoff)).toEqual({ home: 0, away: 0, picks: 0 });
    expect(pickShareOf(undefined, game, afterKickoff)).toBeNull();
  });
});
