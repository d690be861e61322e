// Every date and time the app shows is formatted here (docs/rules.md, Formats): always in the sport's reference time
// zone, never the browser's, so a Monday-night game reads Monday in Tokyo too; the day before the month (week ranges MM.DD, as the spec says).
import { defaultTimeZone, formatZoned, zoneAbbreviation } from '#domain/season/zoned-time.ts';

interface DateRange {
  beginDate: string;
  endDate: string;
}

/** A week range as the spec writes it, month first: e.g. '11.18 – 11.24'. */
export function formatWeekRange({ beginDate, endDate }: DateRange, zone: string = defaultTimeZone): string {
  return `${formatZoned(beginDate, 'MM.DD', zone)} – ${formatZoned(endDate, 'MM.DD', zone)}`;
}

/** The heading of a day's games, e.g. 'Sunday 22 November'. */
export function formatDayHeading(instant: string, zone: string = defaultTimeZone): string {
  return formatZoned(instant, 'dddd D MMMM', zone);
}

/** A game's day on a card, e.g. 'Sun 22 Nov'. */
export function formatGameDay(instant: string, zone: string = defaultTimeZone): string {
  return formatZoned(instant, 'ddd D MMM', zone);
}

/** A kickoff time, e.g. '13:00'. */
export function formatTime(instant: string, zone: string = defaultTimeZone): string {
  return formatZoned(instant, 'HH:mm', zone);
}

/** A moment to the second, e.g. '14:42:15' (when a live view was last known current). */
export function formatClockTime(instant: string, zone: string = defaultTimeZone): string {
  return formatZoned(instant, 'HH:mm:ss', zone);
}

/** A game's day and kickoff, e.g. 'Sun 22 Nov, 13:00'. */
export const formatKickoff = (instant: string, zone: string = defaultTimeZone): string =>
  `${formatGameDay(instant, zone)}, ${formatTime(instant, zone)}`;

/** A moment in a history or a job's run, e.g. 'Thu 19 Nov, 12:03'. */
export const formatMoment = formatKickoff;

/** A full calendar date for longer text, e.g. 'Wed 4 March 2026'. */
export function formatLongDate(instant: string, zone: string = defaultTimeZone): string {
  return formatZoned(instant, 'ddd D MMMM YYYY', zone);
}

/** The day something was made, e.g. a client's creation: '4 Mar 2026'. */
export function formatCreatedDate(instant: string, zone: string = defaultTimeZone): string {
  return formatZoned(instant, 'D MMM YYYY', zone);
}

/** A moment on a 12-hour clock, e.g. 'Tue 26 January 2027, 09:00 AM' (the last-day bonus start is set so). */
export function formatZonedMoment(instant: string, zone: string = defaultTimeZone): string {
  return formatZoned(instant, 'ddd D MMMM YYYY, hh:mm A', zone);
}

/** When a week opens, e.g. 'Wednesday 25 November, 12:00 AM ET'. */
export function formatOpening(instant: string, zone: string = defaultTimeZone): string {
  return `${formatZoned(instant, 'dddd D MMMM, h:mm A', zone)} ${zoneAbbreviation(zone)}`;
}

/** The note a page with days and times carries once, e.g. 'Times in New York time (ET)'. */
export function formatZoneNote(zone: string = defaultTimeZone): string {
  const city = (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
  return `Times in ${city} time (${zoneAbbreviation(zone)})`;
}

const minus = '\u2212';

/** Points with their sign, as a scoreboard shows them: '+20', '−10', '0'. */
export function formatSignedPoints(points: number): string {
  if (points > 0) return `+${points}`;
  return points < 0 ? `${minus}${Math.abs(points)}` : '0';
}

/** A team's point spread: '+3.5', '−7', or 'PK' for an even line (0 and 0.0001 mean none). */
export function formatSpread(spread: number): string {
  return Math.abs(spread) < 0.001 ? 'PK' : formatSignedPoints(spread);
}
