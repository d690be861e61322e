import type { Week } from '#domain/season/weeks.ts';
import { formatWeekRange } from '@/lib/format';
import { useSportTimeZone } from '@/lib/sport-selection';
import { IconButton } from '@/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '@/ui/icons';
import { Select } from '@/ui/select';
import './week-selector.css';

export interface WeekSelectorProps {
  /** The season's weeks in order. */
  weeks: readonly Week[];
  selectedWeekId: number;
  onSelect: (weekId: number) => void;
}

/**
 * 'Week N' with its MM.DD – MM.DD range in the sport's zone; the arrows stop at the ends (docs/rules.md, Leaderboard
 * page), unavailable but focusable there, so the arrow that reached an end keeps the focus.
 */
export function WeekSelector({ weeks, selectedWeekId, onSelect }: WeekSelectorProps) {
  const zone = useSportTimeZone();
  const index = weeks.findIndex((week) => week.id === selectedWeekId);
  const selected = weeks[index];
  const previous = index > 0 ? weeks[index - 1] : undefined;
  const next = index >= 0 ? weeks[index + 1] : undefined;
  return (
    <div className="week-selector">
      <IconButton
        label="Previous week"
        icon={<ChevronLeftIcon />}
        aria-disabled={!previous}
        onClick={() => previous && onSelect(previous.id)}
      />
      <Select
        label="Week"
        hideLabel
        searchable={false}
        className="week-selector__select"
        options={weeks.map((week) => ({ value: week.id, label: `Week ${week.number}` }))}
        value={selected?.id}
        onChange={onSelect}
      />
      {selected && <span className="week-selector__range">{formatWeekRange(selected, zone)}</span>}
      <IconButton
        label="Next week"
        icon={<ChevronRightIcon />}
        aria-disabled={!next}
        onClick={() => next && onSelect(next.id)}
      />
    </div>
  );
}
