// Pick Reminders (docs/rules.md, Pick reminders): before each lock of a client sport's week (its first regular kickoff,
// and the first kickoff of its last regular pick day), the client's hours ahead, a mail to each active player holding
// set bets who has not placed all five regular picks (betting/missing-picks.ts) and whose timing includes the lock.
// A player gets one mail a lock: the reminder is claimed before it is sent. After each run, and after anything that
// moves the games or the hours, the Pick Reminders schedule is set to the next reminder's minute.
import { isVoidStatus } from '#domain/catalogue/game-status.ts';
import { lastDayBonusOpening } from '#domain/betting/bonus-day.ts';
import { type ClientSport, type Game, isRegularDay } from '#domain/catalogue/types.ts';
import type { Client } from '#domain/auth/user.ts';
import {
  dueLocks,
  lockText,
  nextReminder,
  type LockKind,
  type PickLock,
  regularPickCloses,
  reminderHours,
  weekLocks,
} from '#domain/processes/pick-locks.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import { cronAt, everyMinute } from '#domain/processes/live-window.ts';
import { pickDayOf } from '#domain/season/zoned-time.ts';
import type { Week } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { pickRemindersScheduleName, type ScheduleSpec, scheduledTimePlaceholder } from '../adapters/scheduler.ts';
import { remindPlayersMissingPicks } from '../betting/missing-picks.ts';
import { listAllClients } from '../store/clients.ts';
import { getSport, listClientSports, listWeeks } from '../store/catalogue.ts';
import { listWeekGames } from '../views/week-games.ts';
import { getBonusStart } from '../store/manual-lines.ts';
import { keys } from '../store/keys.ts';
import { putItem, queryAll } from '../store/state-table.ts';

export const hoursOf = (client: Pick<Client, 'reminderHours'>) => client.reminderHours ?? reminderHours.default;

/**
 * The locks of a client sport's week, from its games still to be played on the client's regular pick days. In the
 * season's last week with a last-day bonus start, the last day's games turn bonus games at its opening: a regular pick
 * on one closes then if its kickoff is later (`lastDayOpening`).
 */
export function clientWeekLocks(
  games: readonly Game[],
  clientSport: ClientSport,
  zone: string,
  lastDayOpening?: string,
) {
  const locks = weekLocks(
    games
      .filter((game) => !isVoidStatus(game.eventStatus))
      .map((game) => ({
        beginning: regularPickCloses(game.beginning, lastDayOpening, zone),
        regular: isRegularDay(clientSport, pickDayOf(game.beginning, zone)),
      })),
    zone,
  );
  return locks.map((lock) => (lock.at === lastDayOpening ? { ...lock, bonusOpening: true as const } : lock));
}

export interface WeekLocks {
  client: Client;
  clientSport: ClientSport;
  zone: string;
  week: Week;
  locks: PickLock[];
  /** The locks whose reminders went out already. */
  done: Set<string>;
}

const doneName = (sportId: number, weekId: number, lock: LockKind) => `${sportId}#${weekId}#${lock}`;
const pending = ({ clientSport, week, locks, done }: WeekLocks) =>
  locks.filter((lock) => !done.has(doneName(clientSport.sportId, week.id, lock.kind)));

/** Every live client sport's locks (or one client's) of the weeks a reminder may fall in: this week and the next. */
/** A read by id kept for the walk: clients playing the same sport share its sport, weeks and games. */
function readOnce<T>(read: (id: number) => Promise<T>) {
  const held = new Map<number, Promise<T>>();
  return (id: number) => {
    if (!held.has(id)) held.set(id, read(id));
    return held.get(id)!;
  };
}

export async function upcomingLocks(deps: Deps, only?: Client): Promise<WeekLocks[]> {
  const now = deps.clock.now().getTime();
  const found: WeekLocks[] = [];
  const sportOf = readOnce((sportId) => getSport(deps, sportId));
  const weeksOf = readOnce((sportId) => listWeeks(deps, sportId));
  const gamesOf = readOnce((weekId) => listWeekGames(deps, weekId));
  const clients = only ? [only] : (await listAllClients(deps)).filter((candidate) => !candidate.archivedAt);
  for (const client of clients) {
    const done = new Set(
      (await queryAll<{ name: string }>(deps, keys.reminderLocksDone(client.id))).map((item) => item.name),
    );
    for (const clientSport of await listClientSports(deps, client.id)) {
      const sport = await sportOf(clientSport.sportId);
      if (!sport) continue;
      const season = await weeksOf(clientSport.sportId);
      const weeks = season.filter((week) => Date.parse(week.endDate) >= now).slice(0, 2);
      for (const week of weeks) {
        const start = week === season.at(-1) ? await getBonusStart(deps, client.id, week.seasonId) : undefined;
        const opening = start && lastDayBonusOpening(start.bonusGamesStart);
        const locks = clientWeekLocks(await gamesOf(week.id), clientSport, sport.timeZone, opening);
        if (locks.length) found.push({ client, clientSport, zone: sport.timeZone, week, locks, done });
      }
    }
  }
  return found;
}

/** How long after its week a lock's done mark and its reminder claims are kept. */
const claimKeptMs = 30 * 24 * 60 * 60 * 1000;

/**
 * `sender` is the run's id: an attempt after one that died mid-mail sends what that one claimed (mail-claims.ts).
 * `advanced` is told after each page of players that mailed someone: a run of thousands of mails cut off by Lambda's
 * timeout then runs on in its next attempt, as a long announcement's does (docs/rules.md, Long jobs).
 */
export async function sendPickReminders(deps: Deps, sender: string, advanced: () => Promise<void>) {
  const now = deps.clock.now();
  const counts = { locks: 0, reminded: 0, alreadyReminded: 0, failed: 0, refused: 0 };
  const weeks = await upcomingLocks(deps);
  try {
    for (const week of weeks) {
      const { client, clientSport, zone } = week;
      // Two locks due at once (the hours reach back past both): one mail, before the first.
      const due = dueLocks(pending(week), now, hoursOf(client), week.week.beginDate);
      const lock = due[0];
      if (!lock) continue;
      counts.locks += 1;
      const scope = { clientId: client.id, sportId: clientSport.sportId, weekId: week.week.id };
      const result = await remindPlayersMissingPicks(deps, scope, {
        client,
        sportName: clientSport.sportName,
        week: week.week,
        lock: { kind: lock.kind, text: lockText(lock, zone) },
        claimOf: (userId) => keys.pickReminder(client.id, clientSport.sportId, week.week.id, userId, lock.kind),
        // Kept as long as the lock's done mark: a season's claims do not pile up for good.
        terms: { sender, expiresAt: new Date(Date.parse(week.week.endDate) + claimKeptMs) },
        advanced,
      });
      counts.reminded += result.mailed;
      counts.alreadyReminded += result.alreadyMailed;
      counts.failed += result.failed;
      counts.refused += result.refused;
      // A lock with a mail AWS failed stays to do: the next run (a minute on) mails whom it missed, nobody twice. A
      // mail SES refused (a rejected address) keeps nothing to do: every minute would only meet it again.
      if (result.failed === 0)
        for (const each of due) {
          const name = doneName(clientSport.sportId, week.week.id, each.kind);
          await putItem(deps, {
            ...keys.reminderLockDone(client.id, clientSport.sportId, week.week.id, each.kind),
            name,
            ttl: Math.floor((Date.parse(week.week.endDate) + claimKeptMs) / 1000),
          });
          week.done.add(name);
        }
    }
  } finally {
    // Not quietly: its one-time cron moves on only from here, so a Scheduler fault fails the attempt, which runs again.
    // From the locks as they are now (the done marks are stored): hours or kickoffs changed during a long run of mails
    // set the schedule meanwhile, and the run's start would set it back.
    await armPickReminders(deps);
  }
  return counts;
}

/** The one schedule Pick Reminders sets itself: at the next reminder's minute, off while none is ahead. */
export const pickRemindersScheduleSpec = (next: Date | undefined): ScheduleSpec => ({
  name: pickRemindersScheduleName,
  // The first whole minute at or after the reminder (cronAt), when the run finds it due. Off while none is ahead (the
  // expression is then only a placeholder the Scheduler accepts).
  expression: next ? cronAt(next.toISOString()) : everyMinute,
  enabled: next !== undefined,
  input: JSON.stringify({
    processId: ProcessId.PickReminders,
    process: 'Pick Reminders',
    scheduleId: 0,
    scheduledTime: scheduledTimePlaceholder,
  }),
});

/** Sets the Pick Reminders schedule to the next reminder of any client; answers when that is. */
export async function armPickReminders(deps: Deps) {
  const now = deps.clock.now();
  const reminders = (await upcomingLocks(deps))
    .map((each) => nextReminder(pending(each), now, hoursOf(each.client), each.week.beginDate))
    .filter((at): at is Date => at !== undefined);
  const next = reminders.length ? new Date(Math.min(...reminders.map((at) => at.getTime()))) : undefined;
  const spec = pickRemindersScheduleSpec(next);
  const held = await deps.scheduler.get(spec.name);
  if (!held) await deps.scheduler.create(spec);
  else if (held.expression !== spec.expression || held.enabled !== spec.enabled || !held.targetsThisDeployment)
    await deps.scheduler.update(spec);
  return next;
}

/** After a change of games or hours: a Scheduler that cannot be reached is logged, never fails the change itself. */
export const armPickRemindersQuietly = (deps: Deps) =>
  armPickReminders(deps).catch((error: unknown) => {
    logger.error('Pick Reminders schedule not set', { error });
    return undefined;
  });
