import { useEffect, useRef } from 'react';
import { useSportSelection } from '@/lib/sport-selection';

/**
 * Entering the leaderboard selects the previous week (the last one with results) and
 * leaving it restores the week that was selected before, for every sport visited meanwhile
 * (docs/rules.md, Leaderboard page).
 */
export function usePreviousWeekWhileOpen(): void {
  const { sportId, weeksBySport, selectWeek } = useSportSelection();
  const choice = sportId === undefined ? undefined : weeksBySport[sportId];
  const saved = useRef(new Map<number, number>());

  useEffect(() => {
    if (sportId === undefined || !choice || saved.current.has(sportId)) return;
    saved.current.set(sportId, choice.selectedWeekId);
    selectWeek(sportId, choice.previousWeekId);
  }, [sportId, choice, selectWeek]);

  // Runs once, on leaving; selectWeek only dispatches, so the first render's copy still works then.
  useEffect(() => {
    const weeks = saved.current;
    return () => {
      for (const [sport, weekId] of weeks) selectWeek(sport, weekId);
      weeks.clear();
    };
  }, []);
}
