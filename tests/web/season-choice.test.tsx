// @vitest-environment happy-dom
// The past season the Leaderboard and My Picks show (SeasonSelect) is kept per sport beside the current season's week
// choice, which the Picks page and the dashboard keep reading unchanged.
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { planWeeks, seasonIdOf, weekIdOf } from '#domain/season/weeks.ts';
import {
  SportSelectionProvider,
  useSelectedSportWeeks,
  useSportSelection,
  useViewedSeasonWeeks,
} from '@/lib/sport-selection';

const nfl = 33;
const ncaa = 34;
const current = seasonIdOf(2026, nfl);
const past = seasonIdOf(2025, nfl);
const currentWeeks = planWeeks({ sportId: nfl, seasonId: current, firstDay: '2026-09-09', weekCount: 18 });
const pastWeeks = planWeeks({ sportId: nfl, seasonId: past, firstDay: '2025-09-03', weekCount: 17 }).reverse();

function renderSelection() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SportSelectionProvider
      initialSportId={nfl}
      playedSportIds={[nfl, ncaa]}
      initialWeeks={currentWeeks}
      sports={[
        { sportId: nfl, timeZone: 'America/New_York' },
        { sportId: ncaa, timeZone: 'America/New_York' },
      ]}
    >
      {children}
    </SportSelectionProvider>
  );
  return renderHook(
    () => ({ selection: useSportSelection(), viewed: useViewedSeasonWeeks(), current: useSelectedSportWeeks() }),
    { wrapper },
  );
}

afterEach(cleanup);

describe('the season choice of the Leaderboard and My Picks', () => {
  it('shows the current season until a past one is chosen', () => {
    const { result } = renderSelection();
    expect(result.current.viewed).toEqual({ seasonId: undefined, weeks: result.current.current });
  });

  it('shows a past season with its weeks in order and its last week selected, the current choice untouched', () => {
    const { result } = renderSelection();
    const before = result.current.current;
    act(() => result.current.selection.viewPastSeason(nfl, past, pastWeeks));
    const { seasonId, weeks } = result.current.viewed;
    expect(seasonId).toBe(past);
    expect(weeks?.weeks.map((week) => week.number)).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
    expect(weeks?.selectedWeekId).toBe(weekIdOf(past, 17));
    expect(weeks?.currentWeekId).toBeUndefined();
    expect(result.current.current).toBe(before);
  });

  it('moves the week within the past season, and a current week within the current season', () => {
    const { result } = renderSelection();
    act(() => result.current.selection.viewPastSeason(nfl, past, pastWeeks));
    act(() => result.current.selection.selectWeek(nfl, weekIdOf(past, 3)));
    expect(result.current.viewed.weeks?.selectedWeekId).toBe(weekIdOf(past, 3));
    act(() => result.current.selection.selectWeek(nfl, weekIdOf(current, 5)));
    expect(result.current.current?.selectedWeekId).toBe(weekIdOf(current, 5));
    expect(result.current.viewed.weeks?.selectedWeekId).toBe(weekIdOf(past, 3));
  });

  it('goes back to the current season', () => {
    const { result } = renderSelection();
    act(() => result.current.selection.viewPastSeason(nfl, past, pastWeeks));
    act(() => result.current.selection.viewCurrentSeason(nfl));
    expect(result.current.viewed).toEqual({ seasonId: undefined, weeks: result.current.current });
  });

  it('keeps the past season per sport', () => {
    const { result } = renderSelection();
    act(() => result.current.selection.viewPastSeason(nfl, past, pastWeeks));
    act(() => result.current.selection.selectSport(ncaa));
    expect(result.current.viewed.seasonId).toBeUndefined();
    act(() => result.current.selection.selectSport(nfl));
    expect(result.current.viewed.seasonId).toBe(past);
  });
});
