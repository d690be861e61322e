// A sport's week (docs/rules.md, Pick days): each day is Regular (regular picks) or Bonus, and the two
// bonus game days are days of the week's Bonus days.
import { ValidationError } from '../errors.ts';
import type { PickDay } from '../season/zoned-time.ts';
import { type DayFlags, isRegularDay } from './types.ts';

const pickDays: readonly PickDay[] = [1, 2, 3, 4, 5, 6, 7];

export const dayNames: Record<PickDay, string> = {
  1: 'Wednesday',
  2: 'Thursday',
  3: 'Friday',
  4: 'Saturday',
  5: 'Sunday',
  6: 'Monday',
  7: 'Tuesday',
};

/** The first problem of the days as a 400 (a client sport's days, after the ones left out are filled in). */
export function assertDaysAgree(flags: DayFlags): void {
  const [problem] = bonusGameDayProblems(flags);
  if (problem) throw new ValidationError(problem.message, { field: problem.field }, 'BONUS_DAY_CONFLICT');
}

const dayFlagNames: readonly (keyof DayFlags)[] = [
  'allowMondayPicks',
  'allowTuesdayPicks',
  'allowWednesdayPicks',
  'allowThursdayPicks',
  'allowFridayPicks',
  'allowSaturdayPicks',
  'allowSundayPicks',
  'firstBonusGameDay',
  'secondBonusGameDay',
];

/** The day settings a sport (or client sport) holds, without its other fields; the ones it lacks are left out. */
export const daySettingsOf = (source: Partial<DayFlags>): Partial<DayFlags> =>
  Object.fromEntries(dayFlagNames.filter((name) => source[name] !== undefined).map((name) => [name, source[name]]));

export interface DayProblem {
  field: 'firstBonusGameDay' | 'secondBonusGameDay';
  message: string;
}

/**
 * What is wrong with the bonus game days of a week: bonus games are played on Bonus days, so each must be a
 * day that is not Regular, which needs at least one Bonus day; the two may be the same day only when the
 * week has a single Bonus day.
 */
export function bonusGameDayProblems(flags: DayFlags): DayProblem[] {
  const bonusDays = pickDays.filter((day) => !isRegularDay(flags, day));
  if (!bonusDays.length)
    return [{ field: 'firstBonusGameDay', message: 'At least one day must be a Bonus day for the bonus games' }];
  const problems: DayProblem[] = [];
  const regularBonusDay = (day: PickDay) => `${dayNames[day]} is a bonus day; it cannot also be a regular pick day`;
  if (isRegularDay(flags, flags.firstBonusGameDay))
    problems.push({ field: 'firstBonusGameDay', message: regularBonusDay(flags.firstBonusGameDay) });
  if (isRegularDay(flags, flags.secondBonusGameDay) && flags.secondBonusGameDay !== flags.firstBonusGameDay)
    problems.push({ field: 'secondBonusGameDay', message: regularBonusDay(flags.secondBonusGameDay) });
  if (!problems.length && bonusDays.length > 1 && flags.firstBonusGameDay === flags.secondBonusGameDay)
    problems.push({ field: 'secondBonusGameDay', message: 'The two bonus game days must be different days' });
  return problems;
}
