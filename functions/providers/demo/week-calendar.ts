import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const REFERENCE_ZONE = 'America/New_York';
const WEDNESDAY = 3;

/** Calendar arithmetic on YYYY-MM-DD dates, done in UTC so DST never shifts the day. */
export function addDays(date: string, days: number): string {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}

export function isWednesdayDate(date: string): boolean {
  const parsed = dayjs.utc(date);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === date && parsed.day() === WEDNESDAY;
}

/** The Wednesday (YYYY-MM-DD) starting the America/New_York week that contains `instant`. */
export function weekStartContaining(instant: Date): string {
  const local = dayjs(instant).tz(REFERENCE_ZONE);
  const daysSinceWednesday = (local.day() - WEDNESDAY + 7) % 7;
  return addDays(local.format('YYYY-MM-DD'), -daysSinceWednesday);
}

/** A wall-clock time (HH:mm) on a date in America/New_York, as a UTC ISO string. */
export function easternToUtcIso(date: string, time: string): string {
  return dayjs.tz(`${date} ${time}`, REFERENCE_ZONE).toISOString();
}
