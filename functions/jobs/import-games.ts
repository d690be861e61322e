// Import Games: the feed's games from a date to the end of the current season's last week, added or updated. A date
// before the season's first week asks from that week: nothing earlier is the season's (a feed read a week at a time
// would be asked for every week since the date).
import type { Sport } from '#domain/catalogue/types.ts';
import { localDate } from '#domain/season/zoned-time.ts';
import type { Deps } from '../adapters/deps.ts';
import type { SportsFeed } from '../providers/port.ts';
import { listTeams } from '../store/catalogue.ts';
import { loadFeedRefs } from './feed-refs.ts';
import { currentSeason } from './current-season.ts';
import type { JobProgress } from './job-progress.ts';
import { syncGames } from './sync-games.ts';

export async function importGames(
  deps: Deps,
  sport: Sport,
  feed: SportsFeed,
  from: string,
  actorId: number,
  onProgress?: JobProgress,
) {
  const { weeks } = await currentSeason(deps, sport);
  const first = localDate(weeks[0]!.beginDate, sport.timeZone);
  const to = localDate(weeks.at(-1)!.endDate, sport.timeZone);
  const since = from < first ? first : from;
  const feedGames = since > to ? [] : await feed.listGames(sport.providerKey, since, to);
  const [refs, teams] = await Promise.all([loadFeedRefs(deps, feed.name, sport.id), listTeams(deps, sport.id)]);
  const { counts, refused } = await syncGames(deps, { sport, refs, teams, weeks, actorId, onProgress }, feedGames);
  return { counts: { ...counts, refused: refused.length }, refused };
}
