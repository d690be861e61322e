// Whether today is a bonus day for a client sport (docs/rules.md, Bonus day): today's weekday is
// one of the sport's two bonus days, or the last-day rule holds: the selected week is the season's
// last, a start time is set, the season's end has not passed, and now is past the start + 10 minutes.
import { pickDayOf, type PickDay } from '../season/zoned-time.ts';

export const bonusStartOffsetMs = 10 * 60 * 1000;

/** When the last-day rule opens bonus picks: the start + 10 minutes. */
export const lastDayBonusOpening = (bonusGamesStart: string) =>
  new Date(Date.parse(bonusGamesStart) + bonusStartOffsetMs).toISOString();

export interface BonusDayInput {
  now: Date;
  timeZone: string;
  firstBonusGameDay: PickDay;
  secondBonusGameDay: PickDay;
  lastDay?: { selectedWeekIsLast: boolean; bonusGamesStart: string | null; seasonEnd: string };
}

/** The last-day rule: in the season's last week, once now is past the start + 10 minutes and until the season's end. */
export function lastDayBonusIsOn(now: Date, lastDay: BonusDayInput['lastDay']): boolean {
  if (!lastDay?.selectedWeekIsLast || !lastDay.bonusGamesStart) return false;
  return (
    now.getTime() <= Date.parse(lastDay.seasonEnd) &&
    now.getTime() > Date.parse(lastDayBonusOpening(lastDay.bonusGamesStart))
  );
}

export function isBonusDay({ now, timeZone, firstBonusGameDay, secondBonusGameDay, lastDay }: BonusDayInput): boolean {
  const today = pickDayOf(now, timeZone);
  return today === firstBonusGameDay || today === secondBonusGameDay || lastDayBonusIsOn(now, lastDay);
}

/** The season's last day (the day of its end in the sport's zone) is already one of the client sport's bonus days. */
export const lastDayIsBonusDay = (
  seasonEnd: string,
  timeZone: string,
  { firstBonusGameDay, secondBonusGameDay }: Pick<BonusDayInput, 'firstBonusGameDay' | 'secondBonusGameDay'>,
) => [firstBonusGameDay, secondBonusGameDay].includes(pickDayOf(seasonEnd, timeZone));

/** Bonus points: at least 10, at most 10 plus the week's regular signed sum when it is positive. */
export const bonusPointsRange = (regularSignedSum: number) => ({ min: 10, max: 10 + Math.max(0, regularSignedSum) });
