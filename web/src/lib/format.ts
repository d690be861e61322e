// Every date the app shows is formatted here (docs/rules.md, Formats), in the sport's reference time zone: a week's
// end is Tuesday 23:59 in New York, which is already Wednesday in UTC, so the browser's zone would lie.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { defaultTimeZone } from '#domain/season/zoned-time.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

interface DateRange {
  beginDate: string;
  endDate: string;
}

const inZone = (instant: string, zone: string) => dayjs(instant).tz(zone);

/** A week range reads MM.DD - MM.DD. */
export function formatWeekRange({ beginDate, endDate }: DateRange, zone: string = defaultTimeZone): string {
  return `${inZone(beginDate, zone).format('MM.DD')} - ${inZone(endDate, zone).format('MM.DD')}`;
}

/** A full calendar date for longer text, e.g. 'Wed, 4 March 2026'. */
export function formatLongDate(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('ddd, D MMMM YYYY');
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

// A kickoff or a change to a pick is a moment the player lives through: those read in the
// browser's own zone, where a week's bounds above keep to the sport's zone.

/** A game's day on a pick card (DD MMM), e.g. '22 Nov'. */
export function formatGameDay(instant: string): string {
  return dayjs(instant).format('DD MMM');
}

/** A game's kickoff time (HH:mm). */
export function formatGameTime(instant: string): string {
  return dayjs(instant).format('HH:mm');
}

/** The heading of a day's games (DD MMMM), e.g. '22 November'. */
export function formatDayHeading(instant: string): string {
  return dayjs(instant).format('DD MMMM');
}

/** A moment in a history, e.g. 'Thu 19 Nov, 12:03'. */
export function formatMoment(instant: string): string {
  return dayjs(instant).format('ddd DD MMM, HH:mm');
}

/** The day something was made, e.g. a client's creation: '04 Mar 2026'. */
export function formatCreatedDate(instant: string): string {
  return dayjs(instant).format('DD MMM YYYY');
}

// The administration pages speak of a sport's days (a week's games, its season's last day): those read in the
// sport's zone, so an administrator abroad sets and sees the same day the players play.

/** The heading of a day's games in the sport's zone, e.g. 'Sunday, 22 November'. */
export function formatZonedDayHeading(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('dddd, D MMMM');
}

/** A kickoff in the sport's zone (HH:mm). */
export function formatZonedTime(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('HH:mm');
}

/** A moment in the sport's zone on a 12-hour clock, e.g. 'Tue, 26 January 2027, 09:00 AM'. */
export function formatZonedMoment(instant: string, zone: string = defaultTimeZone): string {
  return inZone(instant, zone).format('ddd, D MMMM YYYY, hh:mm A');
}
