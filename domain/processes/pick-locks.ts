// When Pick Reminders mails (docs/rules.md, Pick reminders): before a week's locks, a client's number of hours ahead.
// A week has two locks: its first regular game's kickoff, and the first kickoff of its last regular pick day (when
// that is another day). A player chooses to be reminded before the week only, or before both.
import { formatZoned, localDate, zoneAbbreviation } from '../season/zoned-time.ts';

export type ReminderTiming = 'week' | 'days';
export const reminderTimings: readonly ReminderTiming[] = ['week', 'days'];
/** A player who has not chosen is reminded before both locks. */
export const defaultReminderTiming: ReminderTiming = 'days';

export const reminderHours = { default: 3, min: 1, max: 168 } as const;

export type LockKind = 'week' | 'lastDay';

export interface PickLock {
  kind: LockKind;
  /** The kickoff that locks it. */
  at: string;
  /** It is the last-day bonus opening instead: the last day's games turn bonus games then. */
  bonusOpening?: true;
}

/** The week's locks from its games open for regular picks (bonus-day games lock nothing). */
export function weekLocks(games: readonly { beginning: string; regular: boolean }[], zone: string): PickLock[] {
  const kickoffs = games
    .filter((game) => game.regular)
    .map((game) => game.beginning)
    .sort();
  const first = kickoffs[0];
  if (!first) return [];
  const lastDay = localDate(kickoffs.at(-1)!, zone);
  const lastDayFirst = kickoffs.find((kickoff) => localDate(kickoff, zone) === lastDay)!;
  return [
    { kind: 'week', at: first },
    ...(lastDay === localDate(first, zone) ? [] : [{ kind: 'lastDay' as const, at: lastDayFirst }]),
  ];
}

/**
 * When a regular pick on a game closes: at its kickoff, or when its own day turns a bonus day before it (the season's
 * last day at the last-day start's opening), its game a bonus game from then.
 */
export const regularPickCloses = (beginning: string, bonusOpens: string | null | undefined, zone: string) =>
  bonusOpens &&
  Date.parse(bonusOpens) < Date.parse(beginning) &&
  localDate(bonusOpens, zone) === localDate(beginning, zone)
    ? bonusOpens
    : beginning;

const hourMs = 60 * 60 * 1000;

/** When the reminder of a lock goes out: its hours before the kickoff, and never before the week opens for picks. */
export const remindAt = (lock: PickLock, hours: number, opensAt: string) =>
  new Date(Math.max(Date.parse(lock.at) - hours * hourMs, Date.parse(opensAt)));

/** The locks whose reminder is due now: its time has come and its kickoff has not. */
export const dueLocks = (locks: readonly PickLock[], now: Date, hours: number, opensAt: string) =>
  locks.filter((lock) => remindAt(lock, hours, opensAt) <= now && now.getTime() < Date.parse(lock.at));

/**
 * When the next reminder of these locks (those not reminded yet) is due: now for one due already (a run was missed, or
 * the hours grew), else the earliest ahead; none once every kickoff has passed.
 */
export function nextReminder(locks: readonly PickLock[], now: Date, hours: number, opensAt: string): Date | undefined {
  const times = locks
    .filter((lock) => Date.parse(lock.at) > now.getTime())
    .map((lock) => Math.max(remindAt(lock, hours, opensAt).getTime(), now.getTime()));
  return times.length ? new Date(Math.min(...times)) : undefined;
}

/** Whether a player with this timing is reminded before the lock. */
export const remindsBefore = (timing: ReminderTiming, kind: LockKind) => timing === 'days' || kind === 'week';

/** How a mail tells the lock, in the sport's zone: "Thu 26 Nov, 20:15 ET, when the week's first game starts". */
export const lockText = (lock: PickLock, zone: string) =>
  `${formatZoned(lock.at, 'ddd D MMM, HH:mm', zone)} ${zoneAbbreviation(zone)}, when ${
    lock.bonusOpening
      ? "the last day's games turn bonus games"
      : lock.kind === 'week'
        ? "the week's first game starts"
        : "the last pick day's first game starts"
  }`;
