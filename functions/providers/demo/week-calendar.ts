import { localDate, weekStartOf, zonedInstant } from '#domain/season/zoned-time.ts';

const REFERENCE_ZONE = 'America/New_York';
const WEDNESDAY = 3;

export function isWednesdayDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return (
    !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date && parsed.getUTCDay() === WEDNESDAY
  );
}

/** The Wednesday (YYYY-MM-DD) starting the America/New_York week that contains `instant`. */
export function weekStartContaining(instant: Date): string {
  return localDate(weekStartOf(instant, REFERENCE_ZONE), REFERENCE_ZONE);
}

/** A wall-clock time (HH:mm) on a date in America/New_York, as a UTC ISO string. */
export function easternToUtcIso(date: string, time: string): string {
  return zonedInstant(`${date}T${time}`, REFERENCE_ZONE).toISOString();
}
