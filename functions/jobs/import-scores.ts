// Import Scores: the feed's statuses and scores of the season's games played so far, appended per game only
// when they changed. Then every week of the sport whose games are all over is closed for each of the given
// clients (the client that ran the import; every client playing the sport for the scheduled process), the
// clients side by side. A run with nothing new writes nothing: the feed's digest says so without reading
// the games, and each closed week is one read.
import type { Sport } from '#domain/catalogue/types.ts';
import type { Deps } from '../adapters/deps.ts';
import type { SportsFeed } from '../providers/port.ts';
import { getClientSport, listTeams } from '../store/catalogue.ts';
import { closeFinishedWeeks, closeForClients } from './close-week.ts';
import { currentSeason } from './current-season.ts';
import { loadFeedRefs } from './feed-refs.ts';
import { resultsDigest, saveResultsDigest, storedResultsDigest } from './results-digest.ts';
import type { JobProgress } from './job-progress.ts';
import { syncGames } from './sync-games.ts';

/** The feed's results applied to our games; nothing read or written when the feed reports what it did last time. */
async function applyResults(deps: Deps, sport: Sport, feed: SportsFeed, actorId: number, onProgress?: JobProgress) {
  const { season, weeks } = await currentSeason(deps, sport);
  const results = await feed.listResults(sport.providerKey, season.beginDate);
  const digest = resultsDigest(feed.name, season.id, results);
  if ((await storedResultsDigest(deps, sport.id)) === digest)
    return { weeks, results, changed: 0, refused: [], games: undefined };
  const [refs, teams] = await Promise.all([loadFeedRefs(deps, feed.name, sport.id), listTeams(deps, sport.id)]);
  const sync = { sport, refs, teams, weeks, actorId, knownOnly: true, onProgress };
  const { counts, refused, games } = await syncGames(deps, sync, results);
  if (refused.length === 0) await saveResultsDigest(deps, sport.id, digest);
  return { weeks, results, changed: counts.changed, refused, games };
}

export async function importScores(
  deps: Deps,
  sport: Sport,
  feed: SportsFeed,
  clientIds: readonly number[],
  actorId: number,
  onProgress?: JobProgress,
  /** The job or scheduled run, the same in each attempt (CloseWeekOptions.runId). */
  runId?: string,
) {
  const { weeks, results, changed, refused, games } = await applyResults(deps, sport, feed, actorId, onProgress);
  const now = deps.clock.now();
  const finished = weeks.filter((candidate) => Date.parse(candidate.endDate) < now.getTime());
  const gamesOf = games && ((weekId: number) => [...games.values()].filter((game) => game.weekId === weekId));
  const { weeksClosed, penalties } = await closeForClients(clientIds, async (clientId) =>
    // A client manager may import a sport their own client does not play: there is no week of theirs to close.
    (await getClientSport(deps, clientId, sport.id))
      ? closeFinishedWeeks(deps, clientId, sport.id, finished, actorId, { gamesOf, runId })
      : { weeksClosed: 0, penalties: 0 },
  );
  return {
    counts: { results: results.length, changed, weeksClosed, penalties, refused: refused.length },
    refused,
  };
}
