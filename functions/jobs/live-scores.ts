// Live Scores (docs/live-game-day.md): the scores of the games under way, read from the feed about once a minute
// and appended as GameScoreUpdated (a result as GameResultRecorded). A feed with a quota is polled less often as
// its quota runs low, and not at all once it is used up. Each run, and each import that changes the games, sets
// the process's one Scheduler schedule from the games (domain/processes/live-window.ts).
import type { Game, Sport } from '#domain/catalogue/types.ts';
import { isInLiveWindow, liveSchedule, livePollMinutes, liveWindowMs } from '#domain/processes/live-window.ts';
import { liveScoresProcess } from '#domain/processes/processes.ts';
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { liveScheduleName, type ScheduleSpec, scheduledTimePlaceholder } from '../adapters/scheduler.ts';
import type { SportsFeed } from '../providers/port.ts';
import { getSeason, listSports, listTeams, listWeeks } from '../store/catalogue.ts';
import { listWeekGames } from '../views/week-games.ts';
import { keys } from '../store/keys.ts';
import { getItem, putItem } from '../store/state-table.ts';
import { loadFeedRefs } from './feed-refs.ts';
import { syncGames } from './sync-games.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** The sport's games of the weeks from the window's start to a week ahead: those under way and the next kickoff. */
async function nearGames(deps: Deps, sport: Sport, now: Date) {
  const from = now.getTime() - liveWindowMs;
  const to = now.getTime() + 8 * dayMs;
  const weeks = (await listWeeks(deps, sport.id)).filter(
    (week) => Date.parse(week.endDate) >= from && Date.parse(week.beginDate) <= to,
  );
  const games: Game[] = [];
  for (const week of weeks) games.push(...(await listWeekGames(deps, week.id)));
  return { weeks, games };
}

interface StoredQuota {
  remaining: number;
  at: string;
}

/** The feed's remaining quota as last stored; a figure over a day old is not trusted (a plan renews). */
async function storedQuota(deps: Deps, feed: SportsFeed) {
  const stored = await getItem<StoredQuota>(deps, keys.feedQuota(feed.name));
  const fresh = stored && deps.clock.now().getTime() - Date.parse(stored.at) < dayMs;
  return fresh ? stored.remaining : undefined;
}

/** The live scores of one sport's games under way; nothing read from the feed when none is, or its quota says wait. */
export async function liveScoresOfSport(
  deps: Deps,
  sport: Sport,
  feed: SportsFeed,
  scheduledAt: Date,
): Promise<Record<string, number>> {
  const now = deps.clock.now();
  const { weeks, games } = await nearGames(deps, sport, now);
  const underWay = games.filter((game) => isInLiveWindow(game, now));
  if (underWay.length === 0) return { underWay: 0, changed: 0 };
  if (feed.remainingRequests) {
    const remaining = await storedQuota(deps, feed);
    const every = livePollMinutes(remaining);
    if (every === undefined || Math.floor(scheduledAt.getTime() / 60_000) % every !== 0) {
      logger.warn('Live Scores waits for the feed quota', { feed: feed.name, remaining, everyMinutes: every ?? 'off' });
      return { underWay: underWay.length, changed: 0, waitedForQuota: 1 };
    }
  }
  const since = underWay.map((game) => game.beginning).sort()[0]!;
  const results = await feed.listResults(sport.providerKey, since);
  const remaining = feed.remainingRequests?.();
  if (remaining !== undefined) {
    await putItem(deps, { ...keys.feedQuota(feed.name), remaining, at: now.toISOString() });
    const every = livePollMinutes(remaining);
    if (every !== 1)
      logger.warn('Live Scores slows down: the feed quota runs low', {
        feed: feed.name,
        remaining,
        everyMinutes: every ?? 'off',
      });
  }
  const [refs, teams] = await Promise.all([loadFeedRefs(deps, feed.name, sport.id), listTeams(deps, sport.id)]);
  const sync = { sport, refs, teams, weeks, actorId: 0, knownOnly: true };
  const { counts } = await syncGames(deps, sync, results);
  return { underWay: underWay.length, changed: counts.changed };
}

/** The Scheduler schedule of Live Scores. */
export const liveScheduleSpec = (expression: string, enabled: boolean): ScheduleSpec => ({
  name: liveScheduleName,
  expression,
  enabled,
  input: JSON.stringify({
    processId: liveScoresProcess.id,
    process: liveScoresProcess.name,
    scheduleId: 0,
    scheduledTime: scheduledTimePlaceholder,
  }),
});

/** Sets the Live Scores schedule from every sport's games: every minute while one is under way, else at the next kickoff. */
export async function armLiveScores(deps: Deps) {
  const now = deps.clock.now();
  const games: Game[] = [];
  for (const sport of await listSports(deps))
    if (await getSeason(deps, sport.id)) games.push(...(await nearGames(deps, sport, now)).games);
  const { expression, enabled } = liveSchedule(games, now);
  const spec = liveScheduleSpec(expression, enabled);
  const held = await deps.scheduler.get(liveScheduleName);
  if (!held) await deps.scheduler.create(spec);
  else if (held.expression !== expression || held.enabled !== enabled || !held.targetsThisDeployment)
    await deps.scheduler.update(spec);
  else return spec;
  logger.info('Live Scores schedule set', { expression, enabled });
  return spec;
}

/** After a run that changed games: a Scheduler that cannot be reached is logged, never fails the run itself. */
export const armLiveScoresQuietly = (deps: Deps) =>
  armLiveScores(deps).catch((error: unknown) => {
    logger.error('Live Scores schedule not set', { error });
  });
