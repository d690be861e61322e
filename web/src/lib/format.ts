// Every date the app shows is formatted here (DESIGN §6), in the sport's reference time zone: a week's
// end is Tuesday 23:59 in New York, which is already Wednesday in UTC, so the browser's zone would lie.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { defaultTimeZone } from '../../../domain/season/zoned-time';

dayjs.extend(utc);
dayjs.extend(timezone);

interface DateRange {
  beginDate: string;
  endDate: string;
}

const inZone = (instant: string, zone: string) => dayjs(instant).tz(zone);

/** Spec §9: a week range reads MM.DD - MM.DD. */
export function formatWeekRange({ beginDate, endDate }: DateRange, zone: string = defaultTimeZone): string {
  return `${inZone(beginDate, zone).format('MM.DD')} - ${inZone(endDate, zone).format('MM.DD')}`;
}

/** A full calendar date for longer text, e.g. 'Wed, 4 March 2026'. */
export function formatLongDate(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('ddd, D MMMM YYYY');
}
