// Week and weekday arithmetic in a sport's reference time zone (docs/rules.md, Week). Pure: instants in, instants out.
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const defaultTimeZone = 'America/New_York';

/** The product's weekday numbering: 1 Wednesday, 2 Thursday, ... 5 Sunday, 6 Monday, 7 Tuesday. */
export type PickDay = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const inZone = (instant: Date | string, tz = defaultTimeZone): Dayjs => dayjs(instant).tz(tz);

export function pickDayOf(instant: Date | string, tz = defaultTimeZone): PickDay {
  return (((inZone(instant, tz).day() + 4) % 7) + 1) as PickDay;
}

/** Calendar arithmetic on YYYY-MM-DD dates, free of any zone's DST shifts. */
export const shiftDate = (date: string, days: number): string => dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');

export const localDate = (instant: Date | string, tz = defaultTimeZone): string =>
  inZone(instant, tz).format('YYYY-MM-DD');

/** The first instant of a local calendar date (YYYY-MM-DD) in the zone. */
export const startOfLocalDate = (date: string, tz = defaultTimeZone): Date => dayjs.tz(date, tz).toDate();

/** Wednesday 00:00 in the zone, of the week holding the instant. */
export function weekStartOf(instant: Date | string, tz = defaultTimeZone): Date {
  const local = inZone(instant, tz);
  return startOfLocalDate(shiftDate(local.format('YYYY-MM-DD'), -((local.day() + 4) % 7)), tz);
}
