import { useEffect, useRef } from 'react';
import { followsToday, useSportSelection } from '@/lib/sport-selection';

/** The week a sport had selected on arriving; `followedToday` when it was the week holding today. */
interface Left {
  weekId: number;
  followedToday: boolean;
}

/**
 * Entering the leaderboard selects the previous week (the last one with results) and
 * leaving it restores the week that was selected before, for every sport visited meanwhile
 * (docs/rules.md, Leaderboard page): a selection that followed today follows it still, so a leaderboard left open
 * past a week's end returns to the new current week, not to the week that was current on arriving.
 */
export function usePreviousWeekWhileOpen(): void {
  const { sportId, weeksBySport, selectWeek } = useSportSelection();
  const choice = sportId === undefined ? undefined : weeksBySport[sportId];
  const saved = useRef(new Map<number, Left>());
  const latest = useRef(weeksBySport);
  useEffect(() => {
    latest.current = weeksBySport;
  }, [weeksBySport]);

  useEffect(() => {
    if (sportId === undefined || !choice || saved.current.has(sportId)) return;
    saved.current.set(sportId, { weekId: choice.selectedWeekId, followedToday: followsToday(choice) });
    selectWeek(sportId, choice.previousWeekId);
  }, [sportId, choice, selectWeek]);

  // Runs once, on leaving; selectWeek only dispatches, so the first render's copy still works then.
  useEffect(() => {
    const weeks = saved.current;
    const latestWeeks = latest;
    return () => {
      for (const [sport, { weekId, followedToday }] of weeks) {
        const current = latestWeeks.current[sport]?.currentWeekId;
        selectWeek(sport, followedToday && current !== undefined ? current : weekId);
      }
      weeks.clear();
    };
  }, []);
}
