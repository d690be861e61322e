import { useMemo } from 'react';
import { formatWeekRange } from '@/lib/format';
import { useSportSelection, type WeekChoice } from '@/lib/sport-selection';
import { SegmentedControl } from '@/ui/segmented-control';
import { Select, type SelectOption } from '@/ui/select';
import type { PicksMode } from '@/features/picks/picks-filters';

const modeOptions = [
  { value: 'regular', label: 'Weekly Picks' },
  { value: 'bonus', label: 'Bonus Games' },
] as const;

interface PicksToolbarProps {
  sportId: number;
  weeks: WeekChoice;
  /** The team filter's choices, 'Show all teams' (0) first. */
  teamOptions: readonly SelectOption<number>[];
  teamId: number | undefined;
  onTeamChange: (teamId: number | undefined) => void;
  mode: PicksMode;
  onModeChange: (mode: PicksMode) => void;
}

/** The picks page's week, team and game-kind choices. */
export function PicksToolbar({
  sportId,
  weeks,
  teamOptions,
  teamId,
  onTeamChange,
  mode,
  onModeChange,
}: PicksToolbarProps) {
  const { selectWeek, timeZone: zone } = useSportSelection();
  // A season's weeks in the sport's zone: formatting them is the page's costliest render work, so it is done once
  // per list of weeks, not on every render of the board (each answer, tick and filter).
  const weekOptions = useMemo(
    () =>
      weeks.weeks.map((week) => ({
        value: week.id,
        label: `Week ${week.number} · ${formatWeekRange(week, zone)}`,
      })),
    [weeks.weeks, zone],
  );
  return (
    <div className="picks-toolbar">
      <Select
        label="Week"
        className="picks-toolbar__week"
        options={weekOptions}
        value={weeks.selectedWeekId}
        onChange={(id) => selectWeek(sportId, id)}
        searchable={false}
      />
      <Select
        label="Team"
        className="picks-toolbar__team"
        options={teamOptions}
        value={teamId}
        placeholder="Select Team"
        onChange={(id) => onTeamChange(id === 0 ? undefined : id)}
      />
      <SegmentedControl<PicksMode>
        label="Games to pick from"
        options={modeOptions}
        value={mode}
        onChange={onModeChange}
      />
    </div>
  );
}
