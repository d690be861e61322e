// When bonus picks next open in a week (docs/rules.md, Bonus day), so a day without them can say when they come.
import { lastDayBonusOpening } from '#domain/betting/bonus-day.ts';
import { weekHolds } from '#domain/season/weeks.ts';
import { localDate, shiftDate, startOfLocalDate } from '#domain/season/zoned-time.ts';
import type { WeekView } from '../../betting/slip-service.ts';

/**
 * The first instant after now, within the week, at which today is a bonus day: the start of a bonus day in the
 * sport's zone, or the end of the last-day rule's 10 minutes. Null while the week's bonus picks are open, and once
 * the week holds no bonus time ahead. The rule itself (view.bonusDayAt) decides each candidate, so this never disagrees with it.
 */
export function bonusOpensAt(view: WeekView, now: Date) {
  // Today's bonus day is the open week's; a week ahead opens on its own days.
  if (weekHolds(view.week, now) && view.bonusDayAt(now)) return null;
  const zone = view.sport.timeZone;
  const end = Date.parse(view.week.endDate);
  const candidates: number[] = [];
  for (
    let day = localDate(view.week.beginDate, zone);
    day <= localDate(view.week.endDate, zone);
    day = shiftDate(day, 1)
  )
    candidates.push(startOfLocalDate(day, zone).getTime());
  // Only the season's last week can open by the last-day rule.
  const { selectedWeekIsLast, bonusGamesStart } = view.lastDay;
  if (selectedWeekIsLast && bonusGamesStart) candidates.push(Date.parse(lastDayBonusOpening(bonusGamesStart)));
  // The last-day rule holds once now is past its moment, so each candidate is judged a millisecond after.
  const opening = candidates
    .filter((at) => at > now.getTime() && at <= end && view.bonusDayAt(new Date(at + 1)))
    .sort((a, b) => a - b)[0];
  return opening === undefined ? null : new Date(opening).toISOString();
}
