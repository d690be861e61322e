import { useEffect } from 'react';
import { useWeekList } from '@/lib/api/get-week-list';
import { useSportSelection } from '@/lib/sport-selection';
import { useToast } from '@/ui/toast';

/**
 * Loads the weeks of a sport the user switches to and applies the week-selection rule to them; and again when a read
 * of them (the tab coming back) finds another season current, started while the app stayed open.
 */
export function SportWeeksLoader() {
  const { selectedSportId: sportId, weeksBySport, setSportWeeks } = useSportSelection();
  const held = sportId === undefined ? undefined : weeksBySport[sportId];
  const { data, error } = useWeekList(sportId);
  const toast = useToast();

  const heldSeason = held?.weeks[0]?.seasonId;
  const loadedSeason = data?.[0]?.seasonId;
  const stale = held === undefined || heldSeason !== loadedSeason;
  useEffect(() => {
    if (stale && data && sportId !== undefined) setSportWeeks(sportId, data);
  }, [stale, data, sportId, setSportWeeks]);

  // Said while the weeks are missing; a read again that fails leaves the weeks shown as they are.
  const missing = held === undefined;
  useEffect(() => {
    if (error && missing) toast.notifyError(error);
  }, [error, missing, toast]);

  return null;
}
