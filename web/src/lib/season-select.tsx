// The season choice of the Leaderboard and My Picks: the sport's current season or one of its past ones, whose weeks
// are loaded and then shown by both pages (the Picks page stays on the current season).
import { useEffect, useState } from 'react';
import { Select } from '@/ui/select';
import { useErrorToast } from '@/ui/use-error-toast';
import { useSportSeasons } from './api/get-current-season';
import { useWeekList } from './api/get-week-list';
import { useSportSelection } from './sport-selection';
import './season-select.css';

export interface SeasonSelectProps {
  sportId: number;
  /** Keeps the label for screen readers only, where the toolbar already says what is chosen. */
  hideLabel?: boolean;
  className?: string;
}

/**
 * 'Season' with one 'YYYY season' option per season of the sport, newest first. While it has only one, that season
 * is named in the same room, and while the seasons load the room is kept (in a toolbar, where the label is hidden), so
 * what is beside and under it does not move when they come.
 */
export function SeasonSelect({ sportId, hideLabel, className }: SeasonSelectProps) {
  const seasons = useSportSeasons(sportId);
  const { pastSeasonBySport, viewPastSeason, viewCurrentSeason } = useSportSelection();
  // The past season whose weeks are loading; the page keeps showing the last choice meanwhile.
  const [loading, setLoading] = useState<{ sportId: number; seasonId: number }>();
  const loadingSeasonId = loading?.sportId === sportId ? loading.seasonId : undefined;
  const weeks = useWeekList(loadingSeasonId === undefined ? undefined : sportId, loadingSeasonId);
  useErrorToast(seasons.error ?? weeks.error);

  useEffect(() => {
    if (loadingSeasonId === undefined || !(weeks.data || weeks.error)) return;
    // A failed load (its toast shown) leaves the choice on the season still shown.
    if (weeks.data) viewPastSeason(sportId, loadingSeasonId, weeks.data);
    setLoading(undefined);
  }, [loadingSeasonId, weeks.data, weeks.error, sportId, viewPastSeason]);

  const rows = seasons.data ?? [];
  const classes = ['season-select', className].filter(Boolean).join(' ');
  if (seasons.data === undefined && !seasons.error)
    return hideLabel ? <span className={`${classes} season-select--room`} aria-hidden="true" /> : null;
  if (rows.length === 0) return null;
  if (rows.length === 1)
    return hideLabel ? <span className={`${classes} season-select--room`}>{rows[0]!.year} season</span> : null;
  const currentId = rows.find((row) => row.current)?.id;
  const choose = (seasonId: number) => {
    if (seasonId === currentId) {
      setLoading(undefined);
      viewCurrentSeason(sportId);
    } else {
      setLoading({ sportId, seasonId });
    }
  };
  return (
    <Select
      label="Season"
      hideLabel={hideLabel}
      searchable={false}
      className={classes}
      options={rows.map((row) => ({ value: row.id, label: `${row.year} season` }))}
      value={loadingSeasonId ?? pastSeasonBySport[sportId]?.seasonId ?? currentId}
      onChange={choose}
    />
  );
}
