// The Leaderboard's first screen sorted by the Live column while games are under way: Live Scores (on the demo
// feed, which makes scores up from the clock) appends week 9's 1 pm games' scores at 14:00 New York, the
// projector (detached in the bench) applies those commits, then the page's calls are metered with sort=live as the
// player with the fewest live points: the own row's live rank is counted on the live index, so the lowest costs most.
import { localDate } from '#domain/season/zoned-time.ts';
import type { Season, Sport } from '#domain/catalogue/types.ts';
import { gameStreamId } from '#domain/games/game-result.ts';
import { fixedClock } from '../functions/adapters/clock.ts';
import type { Deps } from '../functions/adapters/deps.ts';
import { issueUserToken } from '../functions/adapters/tokens.ts';
import { liveScoresOfSport } from '../functions/jobs/live-scores.ts';
import { applyCommit } from '../functions/projector/apply-commits.ts';
import { feedFor } from '../functions/providers/provider-for.ts';
import { getUser } from '../functions/store/users.ts';
import { listWeekGames } from '../functions/views/week-games.ts';
import { leaderboardScreens } from './leaderboard-screens.ts';

/** Sunday 22 November 2026, 14:00 in New York: week 9's 1 pm games are an hour in. */
const liveAt = new Date('2026-11-22T19:00:00Z');

type ScreenOptions = Omit<Parameters<typeof leaderboardScreens>[0], 'sort'>;

export async function liveLeaderboardScreen(deps: Deps, sport: Sport, season: Season, options: ScreenOptions) {
  const live = { ...deps, clock: fixedClock(liveAt) };
  const games = await listWeekGames(deps, options.weekId);
  const versions = new Map<number, number>();
  for (const game of games) versions.set(game.id, (await deps.events.readStream(gameStreamId(game.id))).commits.length);
  const counts = await liveScoresOfSport(
    live,
    sport,
    feedFor(live.clock, localDate(season.beginDate), live.settings),
    liveAt,
  );
  for (const game of games) {
    const { commits } = await deps.events.readStream(gameStreamId(game.id));
    for (const commit of commits.slice(versions.get(game.id))) await applyCommit(live, commit);
  }
  const { weekId, sportId, clientId, token, api } = options;
  const lowest = await api.call(
    'GET',
    `/Services/api/Bet/balance?sportId=${sportId}&weekId=${weekId}&sort=live&direction=asc&limit=1`,
    token,
  );
  const userId = lowest.rows[0].userId as number;
  const last = (await issueUserToken(deps, (await getUser(deps, clientId, userId))!)).access_token;
  return { ...(await leaderboardScreens({ ...options, token: last, sort: 'live' })), underWay: counts.underWay ?? 0 };
}
