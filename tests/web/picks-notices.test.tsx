// @vitest-environment happy-dom
// What the Picks page says above a week's games on the Bonus Games tab (web/src/features/picks/components/
// picks-notices.tsx): never an invitation no card takes, never "come back later" about a week that is over, never
// "started" about a bonus pick whose game was called off.
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BidType, type BetRow } from '#domain/betting/bet-rows.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { planWeeks, seasonIdOf } from '#domain/season/weeks.ts';
import { PicksNotices } from '@/features/picks/components/picks-notices';
import type { SlipFacts } from '@/features/picks/pick-rules';
import { cleanUpAfterEach } from './support/fake-server.tsx';

cleanUpAfterEach();

const weeks = planWeeks({ sportId: 33, seasonId: seasonIdOf(2026, 33), firstDay: '2026-09-09', weekCount: 18 });
const week12 = weeks.find((week) => week.number === 12)!;
/** Monday 23 November 2026, 9 PM in New York: a bonus day of week 12. */
const mondayNight = Date.parse('2026-11-24T02:00:00Z');

const bonusPick = (beginning: string) =>
  ({
    id: '7-110',
    gameId: 110,
    beginning,
    eventStatus: GameStatus.Upcoming,
    bidType: BidType.Bonus,
    points: 10,
  }) as BetRow;

const facts = (more: Partial<SlipFacts>): SlipFacts => ({
  weekIsCurrent: true,
  isBonusDay: true,
  regularPickCount: 5,
  bonusPick: undefined,
  ...more,
});

function notices(slip: SlipFacts, { ownerName, week = week12 }: { ownerName?: string; week?: typeof week12 } = {}) {
  render(
    <PicksNotices
      earn={null}
      ownerName={ownerName}
      week={week}
      facts={slip}
      mode="bonus"
      bonusGamesExist
      bonusOpensAt={null}
      bonusRange={{ min: 10, max: 30 }}
      now={mondayNight}
      zone="America/New_York"
      nextWeek={undefined}
      onShowWeek={() => undefined}
    />,
  );
  return document.body.textContent;
}

describe('the Bonus Games notices', () => {
  it('invite replacing the bonus pick only while its game is open; once it started, say the pick is in', () => {
    const open = bonusPick('2026-11-24T03:15:00Z');
    expect(notices(facts({ bonusPick: open }))).toContain('Picking another game replaces your bonus pick.');
    cleanup();
    const started = bonusPick('2026-11-24T01:15:00Z');
    const text = notices(facts({ bonusPick: started }));
    expect(text).toContain('Your bonus pick is in, and its game has started.');
    expect(text).not.toContain('replaces');
    cleanup();
    expect(notices(facts({ bonusPick: started }), { ownerName: 'Alex C.' })).toContain(
      "Alex C.'s bonus pick is in, and its game has started.",
    );
  });

  it('say a bonus pick on a game called off counts no points and stays, not that its game has started', () => {
    const canceled = { ...bonusPick('2026-11-24T03:15:00Z'), eventStatus: GameStatus.Canceled };
    const text = notices(facts({ bonusPick: canceled }));
    expect(text).toContain("Your bonus pick's game was canceled: the pick counts no points and can no longer change.");
    expect(text).not.toContain('started');
    cleanup();
    const postponed = { ...canceled, eventStatus: GameStatus.Postponed };
    expect(notices(facts({ bonusPick: postponed }), { ownerName: 'Alex C.' })).toContain(
      "Alex C.'s bonus pick's game was postponed: the pick counts no points and can no longer change.",
    );
  });

  it('say a week that is over is over, not that its bonus game is coming later', () => {
    const week9 = weeks.find((week) => week.number === 9)!;
    const text = notices(facts({ weekIsCurrent: false, isBonusDay: false }), { week: week9 });
    expect(text).toContain('Week 9 is over: its picks can no longer change.');
    expect(screen.queryByText(/come back later/)).toBeNull();
  });
});
