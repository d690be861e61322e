// The pages about one week of the selected sport (Picks, My Picks, Missing Picks): what they show until the sport's
// weeks are known, and the week picker that moves the selection (docs/rules.md, Week selection).
import type { ReactNode } from 'react';
import { Alert } from '@/ui/alert';
import { LoadFailed } from '@/ui/load-failed';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { useWeekList } from './api/get-week-list';
import { formatWeekRange } from './format';
import { SeasonSelect } from './season-select';
import {
  useSelectedSportWeeks,
  useSportSelection,
  useSportTimeZone,
  useViewedSeasonWeeks,
  type WeekChoice,
} from './sport-selection';

export interface SelectedWeekGateProps {
  /** Follows the past season chosen with SeasonSelect (Leaderboard, My Picks) instead of the current one. */
  viewedSeason?: boolean;
  /** seasonId is undefined for the current season. */
  children: (sportId: number, weeks: WeekChoice, seasonId: number | undefined) => ReactNode;
}

/**
 * What stands for the current season's weeks of a sport until they are loaded: a spinner, or why they could not be
 * and a Reload. The same read the sport's weeks loader makes (one request), so its failure is shown where they go.
 */
export function WeeksLoading({ sportId, className = 'loading-block' }: { sportId?: number; className?: string }) {
  const loading = useWeekList(sportId);
  if (loading.error)
    return <LoadFailed what="The weeks" error={loading.error} onReload={() => void loading.mutate()} />;
  return (
    <div className={className}>
      <Spinner label="Loading the weeks…" />
    </div>
  );
}

/** The page's week content once the selected sport's weeks are loaded; a notice while there is no sport or week. */
export function SelectedWeekGate({ viewedSeason = false, children }: SelectedWeekGateProps) {
  const { sportId } = useSportSelection();
  const current = useSelectedSportWeeks();
  const viewed = useViewedSeasonWeeks();
  const { weeks, seasonId } = viewedSeason ? viewed : { weeks: current, seasonId: undefined };
  if (sportId === undefined) return <Alert status="info">No sports are set up for your client yet.</Alert>;
  if (weeks === undefined) return <WeeksLoading sportId={seasonId === undefined ? sportId : undefined} />;
  if (weeks === null) {
    return (
      <>
        <Alert status="info">
          {seasonId === undefined ? "This sport's season has no weeks yet." : 'That season has no weeks.'}
        </Alert>
        {/* Its earlier seasons may still be looked at. */}
        {viewedSeason && <SeasonSelect sportId={sportId} className="season-select--alone" />}
      </>
    );
  }
  return children(sportId, weeks, seasonId);
}

/** 'Week N · MM.DD – MM.DD' (in the sport's zone) for each week of the season; choosing one selects it. */
export function WeekSelect({ sportId, weeks, className }: { sportId: number; weeks: WeekChoice; className: string }) {
  const zone = useSportTimeZone();
  const { selectWeek } = useSportSelection();
  return (
    <Select
      label="Week"
      className={className}
      options={weeks.weeks.map((option) => ({
        value: option.id,
        label: `Week ${option.number} · ${formatWeekRange(option, zone)}`,
      }))}
      value={weeks.selectedWeekId}
      onChange={(id) => selectWeek(sportId, id)}
      searchable={false}
    />
  );
}
