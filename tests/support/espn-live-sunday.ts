// A real ESPN NFL scoreboard recorded mid-afternoon on a Sunday (games in progress, real clock text), and the
// routes of the local fake ESPN site API answering it: shared by the live-scores tests and the benchmark.
import { type FakeRoute, fixture } from './fake-feed.ts';

export const espnNfl = '/apis/site/v2/sports/football/nfl';
type Side = { homeAway: string; score: string; team: { id: string }; linescores?: unknown };
type Status = {
  displayClock?: string;
  type: { name: string; state: string; completed: boolean; shortDetail?: string };
};
type EspnEvent = { id: string; status: Status; competitions: { status: Status; competitors: Side[] }[] };
export type Scoreboard = { events: EspnEvent[] };

export const liveSunday = () => fixture('espn/nfl-scoreboard-sunday-live.json') as Scoreboard;

/** ESPN's id of the Cowboys at Eagles game, 17–13 at 8:17 of the 3rd on the recorded board. */
export const eaglesEventId = '401772902';

/** The feed answering this scoreboard for week 12 (and any dates range), the teams, and nothing else. */
export const espnRoutes = (board: Scoreboard): FakeRoute[] => [
  { path: `${espnNfl}/teams`, answers: [{ body: fixture('espn/nfl-teams.json') }] },
  {
    path: `${espnNfl}/scoreboard`,
    query: (query) => query.get('week') === '12' || (query.has('dates') && !query.has('week')),
    answers: [{ body: board }],
  },
  { path: `${espnNfl}/scoreboard`, answers: [{ body: fixture('espn/nfl-scoreboard-empty.json') }] },
];

/** The board with one game's score and status changed, as the feed shows it a moment later. */
export function withGame(
  board: Scoreboard,
  eventId: string,
  change: { home: number; away: number; status: Status },
): Scoreboard {
  const later = structuredClone(board);
  const game = later.events.find((event) => event.id === eventId)!;
  game.status = change.status;
  game.competitions[0]!.status = change.status;
  for (const side of game.competitions[0]!.competitors)
    side.score = String(side.homeAway === 'home' ? change.home : change.away);
  return later;
}
