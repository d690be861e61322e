// When the Live Scores process runs (docs/live-game-day.md): about once a minute while a game may be under way,
// and otherwise not at all. One Scheduler schedule carries it: a `rate(1 minute)` expression while any game of
// any sport is inside its window, else a one-time cron at the next kickoff, whose run switches the rate on;
// with no game ahead it is disabled. Every run of the process sets the schedule again from the games.
import { type GameStatus, isOverStatus, isUpcomingStatus } from '../catalogue/game-status.ts';
import { formatZoned, zonedInstant, zonedParts } from '../season/zoned-time.ts';
import { scheduleTimeZone } from './processes.ts';

/** A game is taken as possibly under way this long after its kickoff, unless a result said it is over. */
export const liveWindowMs = 6 * 60 * 60 * 1000;
export const everyMinute = 'rate(1 minute)';

export interface WindowGame {
  beginning: string;
  eventStatus: GameStatus;
}

/** Kicked off, not over, and its kickoff at most the window ago. */
export const isInLiveWindow = (game: WindowGame, now: Date) => {
  const kickoff = Date.parse(game.beginning);
  const nowMs = now.getTime();
  return kickoff <= nowMs && nowMs - kickoff < liveWindowMs && !isOverStatus(game.eventStatus);
};

/**
 * A cron expression (time zone America/New_York) firing at the first whole minute at or after this instant, never
 * before what it is set for (a run fired early finds nothing due and sets the same past minute again, which never
 * fires). A minute of the hour the clocks show twice (the night the clocks fall back) names its first showing in a
 * cron: the second one's is fired an hour later, at its first unambiguous minute, rather than an hour early.
 */
export const cronAt = (instant: string) => {
  const minute = Math.ceil(Date.parse(instant) / 60_000) * 60_000;
  const wallClock = formatZoned(minute, 'YYYY-MM-DDTHH:mm', scheduleTimeZone);
  const early = zonedInstant(wallClock, scheduleTimeZone).getTime() < minute;
  const at = zonedParts(early ? minute + 60 * 60_000 : minute, scheduleTimeZone);
  return `cron(${at.minute} ${at.hour} ${at.day} ${at.month} ? ${at.year})`;
};

export interface LiveSchedule {
  expression: string;
  enabled: boolean;
}

/** The Live Scores schedule the games ask for now. */
export function liveSchedule(games: readonly WindowGame[], now: Date): LiveSchedule {
  if (games.some((game) => isInLiveWindow(game, now))) return { expression: everyMinute, enabled: true };
  const next = games
    .filter((game) => isUpcomingStatus(game.eventStatus) && Date.parse(game.beginning) > now.getTime())
    .map((game) => game.beginning)
    .sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  return next ? { expression: cronAt(next), enabled: true } : { expression: everyMinute, enabled: false };
}

/** How often a Live Scores run reads a feed without a quota (ESPN, the demo feed) within its minute. */
export const livePollMs = 15_000;

/**
 * How often a live page asks its week's live version (web/src/lib/api/get-live-version.ts). A score reaches a page
 * within a feed read (15 s), a page's ask (10 s), CloudFront's copy (5 s) and a run's own work (bench: live step).
 */
export const liveVersionEveryMs = 10_000;

/** How often a page showing no live game asks its week's live version: it learns within a minute that one began. */
export const quietLiveVersionEveryMs = 60_000;

/**
 * When within its minute a run reads the feeds (ms after it starts): every `everyMs` (0, 15, 30 and 45 s), so a
 * score waits at most that long for a read, not a minute. A feed with a quota (The Odds API) is read at the first
 * only, and less often as its quota runs low (livePollMinutes).
 */
export function liveReadOffsets(everyMs: number): number[] {
  return Array.from({ length: Math.ceil(60_000 / everyMs) }, (_, read) => read * everyMs);
}

/**
 * How often live polling calls a feed with a quota, by the requests its last answer said remain: every minute
 * while plenty remain, every 5 minutes below 1,000, every 30 below 200, never at 0 (the daily Import Scores still
 * records the results). Undefined: off.
 */
export function livePollMinutes(remaining: number | undefined): number | undefined {
  if (remaining === undefined || remaining >= 1000) return 1;
  if (remaining >= 200) return 5;
  return remaining > 0 ? 30 : undefined;
}
