// The weeks of another client's season. Bet/week-list answers only for the caller's own client's sports, so one who
// acts on another client's lines gets its season's weeks as the season import plans them: Wednesday to Tuesday in
// the sport's zone, from the season's first day to its last.
import type { Season } from '#domain/catalogue/types.ts';
import { planWeeks, type Week } from '#domain/season/weeks.ts';
import { localDate, weekStartOf } from '#domain/season/zoned-time.ts';

const weekMs = 7 * 24 * 3600 * 1000;

export function seasonWeeks(season: Season): Week[] {
  const first = weekStartOf(season.beginDate).getTime();
  const last = weekStartOf(season.endDate).getTime();
  // Math.round: a week holding a DST change is an hour shorter or longer.
  const weekCount = Math.round((last - first) / weekMs) + 1;
  return planWeeks({
    sportId: season.sportId,
    seasonId: season.id,
    firstDay: localDate(season.beginDate),
    weekCount,
  });
}
