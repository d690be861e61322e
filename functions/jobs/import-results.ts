// Import Scores: the feed's statuses and scores of the season's games played so far, appended per game only
// when they changed. Then every week of the sport whose games are all over is closed for each of the given
// clients (the client that ran the import; every client playing the sport for the scheduled process).
import type { Sport } from '#domain/catalogue/types.ts';
import type { Deps } from '../adapters/deps.ts';
import type { SportsFeed } from '../providers/port.ts';
import { getClientSport, listTeams } from '../store/catalogue.ts';
import { closeWeek } from './close-week.ts';
import { currentSeason } from './current-season.ts';
import { loadFeedRefs } from './feed-refs.ts';
import { type JobProgress, syncGames } from './sync-games.ts';

export async function importResults(
  deps: Deps,
  sport: Sport,
  feed: SportsFeed,
  clientIds: readonly number[],
  actorId: number,
  onProgress?: JobProgress,
) {
  const { season, weeks } = await currentSeason(deps, sport);
  const results = await feed.listResults(sport.providerKey, season.beginDate);
  const [refs, teams] = await Promise.all([loadFeedRefs(deps, feed.name, sport.id), listTeams(deps, sport.id)]);
  const sync = { sport, refs, teams, weeks, actorId, knownOnly: true, onProgress };
  const { counts, refused } = await syncGames(deps, sync, results);

  const now = deps.clock.now();
  let weeksClosed = 0;
  let penalties = 0;
  const finished = weeks.filter((candidate) => Date.parse(candidate.endDate) < now.getTime());
  for (const clientId of clientIds) {
    // A client manager may import a sport their own client does not play: there is no week of theirs to close.
    if (!(await getClientSport(deps, clientId, sport.id))) continue;
    for (const week of finished) {
      const closed = await closeWeek(deps, { clientId, sportId: sport.id, week }, actorId, { skipIfNotOver: true });
      if (closed) {
        weeksClosed += 1;
        penalties += closed.penalized;
      }
    }
  }
  return {
    counts: { results: results.length, changed: counts.changed, weeksClosed, penalties, refused: refused.length },
    refused,
  };
}
