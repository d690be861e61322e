// Weekly rounds of a season: Wednesday 00:00 to the next Tuesday 23:59:59.999 in the sport's zone.
import { defaultTimeZone, localDate, shiftDate, startOfLocalDate, weekStartOf } from './zoned-time.ts';

/** The most games a week's lists answer at once: a baseball week holds about 105. */
export const weekGamesMax = 250;

export interface Week {
  id: number;
  sportId: number;
  seasonId: number;
  number: number;
  /** UTC ISO instant of the week's first moment. */
  beginDate: string;
  /** UTC ISO instant of the week's last millisecond. */
  endDate: string;
}

export interface SeasonPlan {
  sportId: number;
  seasonId: number;
  /** YYYY-MM-DD of the first Wednesday. */
  firstDay: string;
  weekCount: number;
  timeZone?: string;
}

/** A season's id names its year and sport: 2026 NFL (33) is 202633. */
export const seasonIdOf = (year: number, sportId: number) => year * 100 + sportId;
export const yearOfSeason = (seasonId: number) => Math.floor(seasonId / 100);
export const weekIdOf = (seasonId: number, number: number) => seasonId * 100 + number;

export function planWeeks({ sportId, seasonId, firstDay, weekCount, timeZone = defaultTimeZone }: SeasonPlan): Week[] {
  const firstWednesday = localDate(weekStartOf(startOfLocalDate(firstDay, timeZone), timeZone), timeZone);
  return Array.from({ length: weekCount }, (_, index) => {
    const begin = startOfLocalDate(shiftDate(firstWednesday, 7 * index), timeZone);
    const next = startOfLocalDate(shiftDate(firstWednesday, 7 * (index + 1)), timeZone);
    return {
      id: weekIdOf(seasonId, index + 1),
      sportId,
      seasonId,
      number: index + 1,
      beginDate: begin.toISOString(),
      endDate: new Date(next.getTime() - 1).toISOString(),
    };
  });
}

export const weekHolds = (week: Week, instant: Date) =>
  Date.parse(week.beginDate) <= instant.getTime() && instant.getTime() <= Date.parse(week.endDate);

export const weekContaining = (weeks: readonly Week[], instant: Date) => weeks.find((week) => weekHolds(week, instant));

export interface WeekSelection {
  selected: Week;
  /** The week holding today, when there is one. */
  current: Week | undefined;
  previous: Week;
  last: Week;
}

/**
 * The week-selection rule (docs/rules.md, Week selection): the week holding today is current and
 * selected, the one before it previous (itself when first); with none holding today, the first week
 * before the season and the last after it, which is then previous too: the last week with results.
 * Used by the server and the web app alike.
 */
export function selectWeeks(weeks: readonly Week[], today: Date): WeekSelection | undefined {
  const ordered = [...weeks].sort((a, b) => a.number - b.number);
  const first = ordered[0];
  const last = ordered.at(-1);
  if (!first || !last) return undefined;
  const current = weekContaining(ordered, today);
  const selected = current ?? (today.getTime() < Date.parse(first.beginDate) ? first : last);
  const index = ordered.indexOf(selected);
  const previous = current ? (ordered[Math.max(0, index - 1)] ?? selected) : selected;
  return { selected, current, previous, last };
}

/** The week's number within its season, read back from its id (see weekIdOf). */
export const weekNumberOf = (weekId: number) => weekId % 100;
export const seasonOfWeek = (weekId: number) => Math.floor(weekId / 100);
