// A bet keeps the line it was placed at: a manual line set afterwards changes the line players now see,
// not the bet's line nor its grade.
import { describe, expect, it } from 'vitest';
import { toBetRow } from '#domain/betting/bet-rows.ts';
import { BetResult } from '#domain/betting/grading.ts';
import type { GameFacts, SlipState } from '#domain/betting/slip.ts';
import { slipDecider } from '#domain/betting/slip-decider.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { effectiveHomeLine } from '#domain/catalogue/types.ts';
import { foldEvents } from '#domain/decider.ts';

const placedAt = new Date('2026-11-19T12:00:00Z');
const game: GameFacts = {
  id: 1,
  sportId: 33,
  weekId: 20263309,
  status: GameStatus.Upcoming,
  beginning: '2026-11-22T18:00:00Z',
  homeTeamId: 10,
  awayTeamId: 11,
  homeLine: effectiveHomeLine({ gameId: 1, affiliateId: 1, homeSpread: -3.5 }, undefined),
  onRegularDay: true,
  homeScore: null,
  awayScore: null,
};
const slip = { clientId: 2, userId: 7, sportId: 33, weekId: 20263309 };

describe('a manual line set after a bet', () => {
  it('leaves the bet’s line and its grade as placed', () => {
    const placed = slipDecider.decide(
      { type: 'SetRegularPicks', picks: [{ gameId: 1, teamId: 10, points: 20 }] },
      foldEvents(slipDecider, []),
      { slip, actorId: 7, now: placedAt, weekIsCurrent: true, isBonusDay: false, games: new Map([[1, game]]) },
    );
    const state: SlipState = foldEvents(slipDecider, placed);
    const pick = [...state.picks.values()][0]!;
    expect(pick.line).toBe(-3.5);

    // The client's manual line -10.5 is in effect afterwards; the home team wins by 7.
    const manual = effectiveHomeLine({ gameId: 1, affiliateId: 1, homeSpread: -3.5 }, { homeLine: -10.5 });
    const final = { ...game, homeLine: manual, status: GameStatus.Finished, homeScore: 24, awayScore: 17 };
    const row = toBetRow(final, String, pick, true);
    expect(row).toMatchObject({ homeSpread: -10.5, pointSpread: -3.5, betResult: BetResult.Won, signedPoints: 20 });
  });
});
