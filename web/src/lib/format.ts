// Every date and time the app shows is formatted here (docs/rules.md, Formats): always in the sport's reference time
// zone, never the browser's, so a Monday-night game reads Monday in Tokyo too; the day before the month (week ranges MM.DD, as the spec says).
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { defaultTimeZone, zoneAbbreviation } from '#domain/season/zoned-time.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

interface DateRange {
  beginDate: string;
  endDate: string;
}

const inZone = (instant: string, zone: string) => dayjs(instant).tz(zone);

/** A week range as the spec writes it, month first: e.g. '11.18 – 11.24'. */
export function formatWeekRange({ beginDate, endDate }: DateRange, zone: string = defaultTimeZone): string {
  return `${inZone(beginDate, zone).format('MM.DD')} – ${inZone(endDate, zone).format('MM.DD')}`;
}

/** The heading of a day's games, e.g. 'Sunday 22 November'. */
export function formatDayHeading(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('dddd D MMMM');
}

/** A game's day on a card, e.g. 'Sun 22 Nov'. */
export function formatGameDay(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('ddd D MMM');
}

/** A kickoff time, e.g. '13:00'. */
export function formatTime(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('HH:mm');
}

/** A moment to the second, e.g. '14:42:15' (when a live view was last known current). */
export function formatClockTime(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('HH:mm:ss');
}

/** A game's day and kickoff, e.g. 'Sun 22 Nov, 13:00'. */
export const formatKickoff = (instant: string, zone: string = defaultTimeZone): string =>
  `${formatGameDay(instant, zone)}, ${formatTime(instant, zone)}`;

/** A moment in a history or a job's run, e.g. 'Thu 19 Nov, 12:03'. */
export const formatMoment = formatKickoff;

/** A full calendar date for longer text, e.g. 'Wed 4 March 2026'. */
export function formatLongDate(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('ddd D MMMM YYYY');
}

/** The day something was made, e.g. a client's creation: '4 Mar 2026'. */
export function formatCreatedDate(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('D MMM YYYY');
}

/** A moment on a 12-hour clock, e.g. 'Tue 26 January 2027, 09:00 AM' (the last-day bonus start is set so). */
export function formatZonedMoment(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('ddd D MMMM YYYY, hh:mm A');
}

/** When a week opens, e.g. 'Wednesday 25 November, 12:00 AM ET'. */
export function formatOpening(instant: string, zone: string = defaultTimeZone): string {
  return `${inZone(instant, zone).format('dddd D MMMM, h:mm A')} ${zoneAbbreviation(zone)}`;
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
