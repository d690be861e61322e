// @vitest-environment happy-dom
// What a pick card offers (web/src/features/picks/pick-rules.ts), as the server decides (docs/rules.md, Pick flow): a
// picked game that has lost its line keeps Cancel Bet but offers no Edit (the server refuses a pick on a game without
// a spread: 'No Spread For The Game'); a picked game with a line offers both. Editing a bonus pick whose points are
// above the week's top now (a result graded since lowered it) starts at the top, and says so.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BetResult } from '#domain/betting/grading.ts';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { PickPanel } from '@/features/picks/components/pick-panel';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { blocked, cardAction, type SlipFacts } from '@/features/picks/pick-rules';
import { cleanUpAfterEach, inFreshApp } from './support/fake-server.tsx';

cleanUpAfterEach();

const now = Date.parse('2026-11-19T17:00:00Z');
const picked = {
  id: '7-110',
  gameId: 110,
  beginning: '2026-11-22T18:00:00Z',
  eventStatus: GameStatus.Upcoming,
  homeTeamId: 1,
  awayTeamId: 2,
  winnerTeamId: 1,
  homeSpread: -1.5,
  points: 20,
  isBonusGame: false,
  betResult: BetResult.NotSet,
} as BetRow;
const facts: SlipFacts = { weekIsCurrent: true, isBonusDay: false, regularPickCount: 5, bonusPick: undefined };

describe('a picked game’s card', () => {
  it('offers Edit and Cancel Bet while the game has a line', () => {
    expect(cardAction(picked, 'regular', facts, now)).toEqual({ type: 'manage' });
  });

  it('offers Cancel Bet but no Edit once the game has lost its line, saying so', () => {
    expect(cardAction({ ...picked, homeSpread: 0 }, 'regular', facts, now)).toEqual({
      type: 'manage',
      blocked: blocked.noSpread,
    });
  });
});

describe('editing a bonus pick', () => {
  it("starts at the week's top when the pick's points are above it now, and says so", () => {
    const bonus = { ...picked, isBonusGame: true, points: 30, homeTeamName: 'Jets', awayTeamName: 'Bills' };
    render(
      inFreshApp(
        <SportSelectionProvider
          initialSportId={33}
          playedSportIds={[33]}
          initialWeeks={[]}
          sports={[{ sportId: 33, timeZone: 'America/New_York' }]}
        >
          <PickPanel
            row={bonus}
            mode="bonus"
            slipRows={[bonus]}
            bonusRange={{ min: 10, max: 10 }}
            logos={new Map()}
            ownerName={undefined}
            saving={false}
            onClose={vi.fn()}
            onPlace={vi.fn()}
          />
        </SportSelectionProvider>,
      ),
    );
    expect((screen.getByRole('textbox', { name: 'Bonus points' }) as HTMLInputElement).value).toBe('10');
    expect(screen.getByText("Its 30 points are above this week's top of 10 now.")).toBeTruthy();
  });
});
