// Start New Season: the feed's teams and the season's regular-season games; the season's Wednesday-to-
// Tuesday weeks run from the first game to the last, and the season ends with the day of its last game (its last day,
// which the last-day bonus is about). It becomes the sport's current season unless a later one is; earlier seasons
// keep their weeks and games. Everything is asked of the feed before anything is written.
import type { Season, Sport } from '#domain/catalogue/types.ts';
import { ConflictError } from '#domain/errors.ts';
import { planWeeks, seasonIdOf, weekContaining } from '#domain/season/weeks.ts';
import { endOfLocalDay, localDate } from '#domain/season/zoned-time.ts';
import type { Deps } from '../adapters/deps.ts';
import { FeedError, type FeedGame, type SportsFeed } from '../providers/port.ts';
import { keys } from '../store/keys.ts';
import { type CurrentSeason, listSeasonWeeks } from '../store/catalogue.ts';
import { batchPut, getItem, isConditionFailure, putItem } from '../store/state-table.ts';
import { clientsPlaying } from './clients-playing.ts';
import { closeFinishedWeeks, closeForClients } from './close-week.ts';
import { loadFeedRefs } from './feed-refs.ts';
import { saveFeedTeams } from './import-teams.ts';
import type { JobProgress } from './job-progress.ts';
import { syncGames } from './sync-games.ts';

// A season never spans a year and a half; the plan is cut after the week of the last game.
const longestSeasonWeeks = 80;

/**
 * The season's weeks and days from its games; a season imported before (`known`) keeps the days it had, so asked again
 * it never numbers its weeks anew, nor loses a week: a feed that lists upcoming games only (The Odds API) would start
 * it at today's week.
 */
export function seasonPlan(
  sport: Sport,
  seasonYear: number,
  games: readonly FeedGame[],
  known?: Pick<Season, 'beginDate' | 'endDate'>,
) {
  const kickoffs = [...games.map((game) => game.beginning), ...(known ? [known.endDate] : [])].sort(
    (a, b) => Date.parse(a) - Date.parse(b),
  );
  const seasonId = seasonIdOf(seasonYear, sport.id);
  const planned = planWeeks({
    sportId: sport.id,
    seasonId,
    // Its first week stays; a game the feed names before it is refused (no week holds it), never a renumbering.
    firstDay: localDate(known?.beginDate ?? kickoffs[0]!, sport.timeZone),
    weekCount: longestSeasonWeeks,
    timeZone: sport.timeZone,
  });
  const last = weekContaining(planned, new Date(kickoffs.at(-1)!));
  if (!last)
    throw new FeedError(`The ${sport.name} ${seasonYear} season the feed gives is longer than a year and a half`);
  const weeks = planned.slice(0, last.number);
  const season: Season = {
    id: seasonId,
    sportId: sport.id,
    sportName: sport.name,
    year: seasonYear,
    beginDate: weeks[0]!.beginDate,
    endDate: endOfLocalDay(kickoffs.at(-1)!, sport.timeZone).toISOString(),
  };
  return { season, weeks };
}

export async function importSeason(
  deps: Deps,
  sport: Sport,
  feed: SportsFeed,
  seasonYear: number,
  actorId: number,
  onProgress?: JobProgress,
) {
  const [feedTeams, feedGames] = await Promise.all([
    feed.listTeams(sport.providerKey),
    feed.listSeasonGames(sport.providerKey, seasonYear),
  ]);
  if (feedGames.length === 0)
    throw new FeedError(`The feed has no regular-season ${sport.name} games for the ${seasonYear} season`);
  const known = await getItem<Season>(deps, keys.seasonOf(sport.id, seasonIdOf(seasonYear, sport.id)));
  const { season, weeks } = seasonPlan(sport, seasonYear, feedGames, known);
  const refs = await loadFeedRefs(deps, feed.name, sport.id);
  const { teams, counts: teamCounts } = await saveFeedTeams(deps, sport, refs, feedTeams);
  await batchPut(deps, [
    { ...keys.seasonOf(sport.id, season.id), ...season },
    ...weeks.map((week) => ({ ...keys.week(week.id), ...week })),
  ]);
  const { counts, refused } = await syncGames(deps, { sport, refs, teams, weeks, actorId, onProgress }, feedGames);
  // The season it replaces ends graded: Close Week and Import Scores read the current season only, so its finished
  // weeks are closed for every client playing the sport first (Start New Season waits for its last week to be over).
  const replaced = await getItem<Season>(deps, keys.season(sport.id));
  if (replaced && replaced.id < season.id) {
    const now = deps.clock.now().getTime();
    const finished = (await listSeasonWeeks(deps, replaced.id)).filter((week) => Date.parse(week.endDate) < now);
    await closeForClients(await clientsPlaying(deps, sport.id), (clientId) =>
      closeFinishedWeeks(deps, clientId, sport.id, finished, actorId),
    );
  }
  const current: CurrentSeason = { ...season, weeks };
  // The rule Start New Season checks when asked, kept on the write: a job that waited behind a later season's import
  // (another client's) never takes every client back a season. A season id grows with its year.
  try {
    await putItem(
      deps,
      { ...keys.season(sport.id), ...current },
      { when: 'attribute_not_exists(PK) OR id <= :id', values: { ':id': season.id } },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw new ConflictError(
      `A later ${sport.name} season became the current one meanwhile: the ${seasonYear} season's games are imported, and the later season stays current`,
      'OLDER_SEASON',
    );
  }
  return { counts: { ...teamCounts, weeks: weeks.length, ...counts, refused: refused.length }, refused };
}
