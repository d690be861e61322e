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

// One formatter per zone: dayjs's tz() builds its parts twice per call, which made loading a week's games slow.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(tz: string): Intl.DateTimeFormat {
  let format = dateFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(tz, format);
  }
  return format;
}

/** The local calendar date (YYYY-MM-DD) of the instant in the zone. */
export function localDate(instant: Date | string, tz = defaultTimeZone): string {
  const parts = Object.fromEntries(
    dateFormat(tz)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function pickDayOf(instant: Date | string, tz = defaultTimeZone): PickDay {
  const weekday = new Date(`${localDate(instant, tz)}T00:00:00Z`).getUTCDay();
  return (((weekday + 4) % 7) + 1) as PickDay;
}

/** Calendar arithmetic on YYYY-MM-DD dates, free of any zone's DST shifts. */
export const shiftDate = (date: string, days: number): string => dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');

/** The first instant of a local calendar date (YYYY-MM-DD) in the zone. */
export const startOfLocalDate = (date: string, tz = defaultTimeZone): Date => dayjs.tz(date, tz).toDate();

/** Wednesday 00:00 in the zone, of the week holding the instant. */
export function weekStartOf(instant: Date | string, tz = defaultTimeZone): Date {
  const local = inZone(instant, tz);
  return startOfLocalDate(shiftDate(local.format('YYYY-MM-DD'), -((local.day() + 4) % 7)), tz);
}

/** The zone's short generic name, e.g. 'ET' for New York, 'PT' for Los Angeles. */
// Building an Intl formatter costs tens of milliseconds on a phone; a zone's generic name never changes.
const abbreviations = new Map<string, string>();

export function zoneAbbreviation(zone: string = defaultTimeZone): string {
  let abbreviation = abbreviations.get(zone);
  if (abbreviation === undefined) {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortGeneric' }).formatToParts();
    abbreviation = parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
    abbreviations.set(zone, abbreviation);
  }
  return abbreviation;
}
