import { useId, type ReactNode } from 'react';
import { formatDayHeading } from '@/lib/format';
import { ChevronDownIcon } from '@/ui/icons';
import type { BetRow } from '@/features/picks/api/get-bets';
import './day-section.css';

export interface DayGroup {
  heading: string;
  rows: BetRow[];
}

/** Consecutive rows of the same day in the sport's zone, one group each. */
export function groupByDay(rows: readonly BetRow[], zone: string): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const row of rows) {
    const heading = formatDayHeading(row.beginning, zone);
    const last = groups.at(-1);
    if (last?.heading === heading) last.rows.push(row);
    else groups.push({ heading, rows: [row] });
  }
  return groups;
}

interface DaySectionProps {
  group: DayGroup;
  collapsed: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** One day's games under a heading that folds them away. */
export function DaySection({ group, collapsed, onToggle, children }: DaySectionProps) {
  const id = useId();
  return (
    <section className="pick-day" aria-labelledby={`${id}-heading`}>
      <h2 className="pick-day__heading" id={`${id}-heading`}>
        <button
          type="button"
          className="pick-day__toggle"
          aria-expanded={!collapsed}
          aria-controls={`${id}-games`}
          onClick={onToggle}
        >
          <span className="pick-day__chevron" aria-hidden="true">
            <ChevronDownIcon size={18} />
          </span>
          <span>{group.heading}</span>
          <span className="pick-day__count">{group.rows.length === 1 ? '1 game' : `${group.rows.length} games`}</span>
        </button>
      </h2>
      <div id={`${id}-games`} className="pick-grid" hidden={collapsed}>
        {children}
      </div>
    </section>
  );
}
