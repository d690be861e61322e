// @vitest-environment happy-dom
// The week holding today moves on at the week's boundary while the app stays open (docs/rules.md, Week selection): a
// page left on this week's picks overnight into Wednesday shows the new week; a week the player chose stays chosen;
// the Leaderboard, which shows the previous week while open, gives back the new week when left after the boundary,
// and shows the week a link names (the week-graded push) once.
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Week } from '#domain/season/weeks.ts';
import { usePreviousWeekWhileOpen } from '@/features/leaderboard/use-previous-week-while-open';
import { SportSelectionProvider, useSportSelection } from '@/lib/sport-selection';

// NFL weeks in New York: Wednesday 00:00 (05:00 UTC) to Tuesday 23:59:59.999.
const week = (number: number, begin: string, end: string): Week => ({
  id: 20263300 + number,
  sportId: 33,
  seasonId: 202633,
  number,
  beginDate: begin,
  endDate: end,
});
const weeks = [
  week(1, '2026-11-18T05:00:00.000Z', '2026-11-25T04:59:59.999Z'),
  week(2, '2026-11-25T05:00:00.000Z', '2026-12-02T04:59:59.999Z'),
  week(3, '2026-12-02T05:00:00.000Z', '2026-12-09T04:59:59.999Z'),
];

function Leaderboard() {
  usePreviousWeekWhileOpen();
  return <p>On the leaderboard</p>;
}

function Shown() {
  const { weeksBySport, selectWeek } = useSportSelection();
  const [onLeaderboard, setOnLeaderboard] = useState(false);
  const choice = weeksBySport[33];
  const { search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate('/leaderboard?sport=33&week=20263303')}>
        The week-graded push
      </button>
      <p>{`address ${search || 'without a query'}`}</p>
      {onLeaderboard && <Leaderboard />}
      <button type="button" onClick={() => setOnLeaderboard(!onLeaderboard)}>
        Leaderboard
      </button>
      <p>{`selected ${choice?.selectedWeekId} current ${choice?.currentWeekId}`}</p>
      <button type="button" onClick={() => selectWeek(33, 20263301)}>
        Week 1
      </button>
      <button type="button" onClick={() => selectWeek(33, 20263303)}>
        Week 3
      </button>
    </>
  );
}

const openAt = (now: string, address = '/') => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date(now));
  render(
    <MemoryRouter initialEntries={[address]}>
      <SportSelectionProvider
        initialSportId={33}
        playedSportIds={[33]}
        initialWeeks={weeks}
        sports={[{ sportId: 33, timeZone: 'America/New_York' }]}
      >
        <Shown />
      </SportSelectionProvider>
    </MemoryRouter>,
  );
};
const shown = () => screen.getByText(/^selected/).textContent;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the week holding today', () => {
  it('moves on at midnight into Wednesday while the app stays open, and the selection that followed it too', async () => {
    openAt('2026-11-25T04:58:00.000Z');
    expect(shown()).toBe('selected 20263301 current 20263301');
    await act(() => vi.advanceTimersByTimeAsync(3 * 60 * 1000));
    expect(shown()).toBe('selected 20263302 current 20263302');
  });

  it('keeps a week the player chose, while the current one moves on', async () => {
    openAt('2026-12-02T04:58:00.000Z');
    expect(shown()).toBe('selected 20263302 current 20263302');
    act(() => screen.getByRole('button', { name: 'Week 1' }).click());
    await act(() => vi.advanceTimersByTimeAsync(3 * 60 * 1000));
    expect(shown()).toBe('selected 20263301 current 20263303');
  });

  it('keeps a week the player chose before the season, when its first week begins', async () => {
    openAt('2026-11-18T04:58:00.000Z');
    expect(shown()).toBe('selected 20263301 current undefined');
    act(() => screen.getByRole('button', { name: 'Week 3' }).click());
    await act(() => vi.advanceTimersByTimeAsync(3 * 60 * 1000));
    expect(shown()).toBe('selected 20263303 current 20263301');
  });

  it('comes back from a Leaderboard left open past the boundary to the new current week, not the last one', async () => {
    openAt('2026-12-02T04:58:00.000Z');
    act(() => screen.getByRole('button', { name: 'Leaderboard' }).click());
    expect(shown()).toBe('selected 20263301 current 20263302');
    await act(() => vi.advanceTimersByTimeAsync(3 * 60 * 1000));
    act(() => screen.getByRole('button', { name: 'Leaderboard' }).click());
    expect(shown()).toBe('selected 20263303 current 20263303');
  });

  it('comes back from the Leaderboard to a week the player chose, whatever the boundary', async () => {
    openAt('2026-12-02T04:58:00.000Z');
    act(() => screen.getByRole('button', { name: 'Week 1' }).click());
    act(() => screen.getByRole('button', { name: 'Leaderboard' }).click());
    await act(() => vi.advanceTimersByTimeAsync(3 * 60 * 1000));
    act(() => screen.getByRole('button', { name: 'Leaderboard' }).click());
    expect(shown()).toBe('selected 20263301 current 20263303');
  });
});

describe('the Leaderboard opened from a link naming a week', () => {
  it('shows that week (the week-graded push: the current one), once: the address loses it', async () => {
    // Tuesday night of week 3, its bonus games graded: on its own the Leaderboard shows week 2.
    openAt('2026-12-09T03:00:00.000Z', '/leaderboard?sport=33&week=20263303');
    act(() => screen.getByRole('button', { name: 'Leaderboard' }).click());
    expect(shown()).toBe('selected 20263303 current 20263303');
    expect(screen.getByText(/^address/).textContent).toBe('address without a query');

    act(() => screen.getByRole('button', { name: 'Leaderboard' }).click());
    act(() => screen.getByRole('button', { name: 'Leaderboard' }).click());
    expect(shown()).toBe('selected 20263302 current 20263303');
  });

  it('shows the week a push tapped while the Leaderboard is open names', async () => {
    openAt('2026-12-09T03:00:00.000Z', '/leaderboard');
    act(() => screen.getByRole('button', { name: 'Leaderboard' }).click());
    expect(shown()).toBe('selected 20263302 current 20263303');
    act(() => screen.getByRole('button', { name: 'The week-graded push' }).click());
    expect(shown()).toBe('selected 20263303 current 20263303');
    expect(screen.getByText(/^address/).textContent).toBe('address without a query');
  });

  it('shows the previous week when the week named is not one of the sport’s', () => {
    openAt('2026-12-09T03:00:00.000Z', '/leaderboard?sport=33&week=20253303');
    act(() => screen.getByRole('button', { name: 'Leaderboard' }).click());
    expect(shown()).toBe('selected 20263302 current 20263303');
  });
});
