// The last-day bonus start is a wall-clock time on the season's last day in the sport's zone (docs/rules.md,
// Last-day bonus): the instant sent is that local time, whatever the offset of that day (DST included).
import { defaultTimeZone, localDate, zonedInstant } from '#domain/season/zoned-time.ts';

export type Meridiem = 'AM' | 'PM';

export interface WallClockTime {
  /** 1 to 12. */
  hours: number;
  /** 0 to 59. */
  minutes: number;
  meridiem: Meridiem;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The ISO instant of the time on the local day of the season's end (its last day). */
export function lastDayBonusStart(seasonEndDate: string, time: WallClockTime, zone: string = defaultTimeZone): string {
  const hours24 = (time.hours % 12) + (time.meridiem === 'PM' ? 12 : 0);
  const local = `${localDate(seasonEndDate, zone)}T${twoDigits(hours24)}:${twoDigits(time.minutes)}:00`;
  return zonedInstant(local, zone).toISOString();
}
