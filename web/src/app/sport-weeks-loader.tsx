import { useEffect } from 'react';
import { useWeekList } from '@/lib/api/get-week-list';
import { useSportSelection } from '@/lib/sport-selection';
import { useToast } from '@/ui/toast';

/** Loads the weeks of a sport the user switches to and applies the week-selection rule to them. */
export function SportWeeksLoader() {
  const { selectedSportId: sportId, weeksBySport, setSportWeeks } = useSportSelection();
  const missing = sportId !== undefined && !(sportId in weeksBySport);
  const { data, error } = useWeekList(missing ? sportId : undefined);
  const toast = useToast();

  useEffect(() => {
    if (missing && data && sportId !== undefined) setSportWeeks(sportId, data);
  }, [missing, data, sportId, setSportWeeks]);

  useEffect(() => {
    if (error) toast.notifyError(error);
  }, [error, toast]);

  return null;
}
