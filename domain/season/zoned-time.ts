// Week and weekday arithmetic in a sport's reference time zone (docs/rules.md, Week). Pure: instants in, instants out.
export const defaultTimeZone = 'America/New_York';

/** The product's weekday numbering: 1 Wednesday, 2 Thursday, ... 5 Sunday, 6 Monday, 7 Tuesday. */
export type PickDay = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A wall clock in a zone: month 1 to 12, weekday 0 Sunday to 6 Saturday, hour 0 to 23. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

// One formatter per zone, asked for numbers only: building an Intl formatter costs far more than using one, and a
// page formats hundreds of times.
const formats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(tz: string): Intl.DateTimeFormat {
  let format = formats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(tz, format);
  }
  return format;
}

/** Makes the zone's formatter ahead of its first use: the first one of a page loads Intl's zone data. */
export const prepareZone = (tz = defaultTimeZone): void => void zoneFormat(tz);

/** The wall clock of the instant in the zone. */
export function zonedParts(instant: Date | string | number, tz = defaultTimeZone): ZonedParts {
  const values: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of zoneFormat(tz).formatToParts(new Date(instant)))
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = values;
  return { year, month, day, hour, minute, second, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const tokens: Record<string, (at: ZonedParts) => string> = {
  YYYY: (at) => pad(at.year, 4),
  MMMM: (at) => months[at.month - 1]!,
  MMM: (at) => months[at.month - 1]!.slice(0, 3),
  MM: (at) => pad(at.month),
  dddd: (at) => weekdays[at.weekday]!,
  ddd: (at) => weekdays[at.weekday]!.slice(0, 3),
  DD: (at) => pad(at.day),
  D: (at) => String(at.day),
  HH: (at) => pad(at.hour),
  hh: (at) => pad(at.hour % 12 || 12),
  h: (at) => String(at.hour % 12 || 12),
  mm: (at) => pad(at.minute),
  ss: (at) => pad(at.second),
  A: (at) => (at.hour < 12 ? 'AM' : 'PM'),
};
const tokenPattern = /YYYY|MMMM|MMM|MM|dddd|ddd|DD|D|HH|hh|h|mm|ss|A/g;

/** The instant on the zone's wall clock, e.g. 'ddd D MMM, HH:mm' gives 'Sun 22 Nov, 13:00' (English names). */
export function formatZoned(instant: Date | string | number, pattern: string, tz = defaultTimeZone): string {
  const at = zonedParts(instant, tz);
  return pattern.replace(tokenPattern, (token) => tokens[token]!(at));
}

/** The local calendar date (YYYY-MM-DD) of the instant in the zone. */
export const localDate = (instant: Date | string | number, tz = defaultTimeZone): string =>
  formatZoned(instant, 'YYYY-MM-DD', tz);

export function pickDayOf(instant: Date | string, tz = defaultTimeZone): PickDay {
  return (((zonedParts(instant, tz).weekday + 4) % 7) + 1) as PickDay;
}

/** Calendar arithmetic on YYYY-MM-DD dates, free of any zone's DST shifts. */
export const shiftDate = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Whether a YYYY-MM-DD names a day of the calendar (2024-02-29, not 2025-02-29 or 2025-13-01). */
export function isCalendarDate(date: string): boolean {
  const at = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === date;
}

/** How far the zone's wall clock is ahead of UTC at the instant, in ms. */
function offsetAt(instant: number, tz: string): number {
  const at = zonedParts(instant, tz);
  return Date.UTC(at.year, at.month - 1, at.day, at.hour, at.minute, at.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time (YYYY-MM-DDTHH:mm[:ss]) reads in the zone. A time the clocks skip (spring forward)
 * is read after the jump; a time they show twice (fall back) is the first of the two.
 */
export function zonedInstant(local: string, tz = defaultTimeZone): Date {
  const wall = Date.parse(`${local.length === 10 ? `${local}T00:00` : local}Z`);
  if (Number.isNaN(wall)) throw new RangeError(`Not a local date and time: ${local}`);
  // A zone changes its offset at most once within a day either side: the instant is the wall clock less one of those.
  const before = offsetAt(wall - 86_400_000, tz);
  const after = offsetAt(wall + 86_400_000, tz);
  const readings = [wall - before, wall - after].filter(
    (instant, index) => offsetAt(instant, tz) === [before, after][index],
  );
  return new Date(readings.length ? Math.min(...readings) : wall - before);
}

/** The first instant of a local calendar date (YYYY-MM-DD) in the zone. */
export const startOfLocalDate = (date: string, tz = defaultTimeZone): Date => zonedInstant(date, tz);

/** The last instant (a millisecond before midnight) of the instant's local day in the zone. */
export const endOfLocalDay = (instant: Date | string, tz = defaultTimeZone): Date =>
  new Date(startOfLocalDate(shiftDate(localDate(instant, tz), 1), tz).getTime() - 1);

/** Wednesday 00:00 in the zone, of the week holding the instant. */
export function weekStartOf(instant: Date | string, tz = defaultTimeZone): Date {
  const at = zonedParts(instant, tz);
  return startOfLocalDate(shiftDate(formatZoned(instant, 'YYYY-MM-DD', tz), -((at.weekday + 4) % 7)), tz);
}

/**
 * The short generic names of the zones North American sports play in, as Intl names them (a test holds them to it):
 * Intl loads its zone names on first asking, which costs a phone's first render tens of milliseconds.
 */
export const knownAbbreviations: Readonly<Record<string, string>> = {
  'America/New_York': 'ET',
  'America/Toronto': 'ET',
  'America/Detroit': 'ET',
  'America/Chicago': 'CT',
  'America/Denver': 'MT',
  'America/Phoenix': 'MST',
  'America/Los_Angeles': 'PT',
  'America/Anchorage': 'AKT',
  'Pacific/Honolulu': 'HST',
};
const abbreviations = new Map<string, string>(Object.entries(knownAbbreviations));

/** The zone's short generic name, e.g. 'ET' for New York, 'PT' for Los Angeles. */
export function zoneAbbreviation(zone: string = defaultTimeZone): string {
  let abbreviation = abbreviations.get(zone);
  if (abbreviation === undefined) {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortGeneric' }).formatToParts();
    abbreviation = parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
    abbreviations.set(zone, abbreviation);
  }
  return abbreviation;
}
