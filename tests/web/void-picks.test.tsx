// @vitest-environment happy-dom
// A pick on a game canceled or postponed out of its week is never graded (docs/rules.md, Grading): the leaderboard's
// cell says 'No result', not 'Pending', which would promise a grade to come; a pick still to be graded stays Pending.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BetResult } from '#domain/betting/grading.ts';
import type { LeaderboardCell } from '#domain/contracts/leaderboard.ts';
import { PickCell } from '@/features/leaderboard/components/pick-cell';
import { cleanUpAfterEach } from './support/fake-server.tsx';

cleanUpAfterEach();

const cell: LeaderboardCell = {
  teamId: 12,
  WeekDay: 'Sun',
  Spread: -3.5,
  BetResult: BetResult.Undetermined,
  Points: 20,
  hidden: false,
  liveResult: null,
  noResult: false,
};
const chiefs = { id: 12, name: 'Kansas City Chiefs', logo: '' };

describe("a leaderboard cell's result", () => {
  it("says 'No result' for a pick on a void game", () => {
    render(<PickCell cell={{ ...cell, noResult: true }} team={chiefs} />);
    expect(screen.getByText('No result')).toBeTruthy();
    expect(screen.queryByText('Pending')).toBeNull();
  });

  it("says 'Pending' for a pick still to be graded", () => {
    render(<PickCell cell={cell} team={chiefs} />);
    expect(screen.getByText('Pending')).toBeTruthy();
  });
});
