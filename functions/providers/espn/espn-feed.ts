// ESPN's site API as a sports feed. A whole regular season is read week by week for the NFL (the scoreboard
// of `dates=YEAR&seasontype=2&week=N`, N = 1..18) and by 7-day date ranges over the season's months for the
// daily sports (a range answer stays well under the size cap); preseason games are left out everywhere.
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { localDate, shiftDate } from '#domain/season/zoned-time.ts';
import { feedHttp, type FeedHttpOptions } from '../feed-http.ts';
import type { FeedGame, SportKey, SportsFeed } from '../port.ts';
import { espnGame, espnLines, espnTeams } from './espn-mapping.ts';
import { type EspnEvent, espnScoreboardAnswer, espnTeamsAnswer } from './espn-schema.ts';

export const espnDefaultBaseUrl = 'https://site.api.espn.com';

const PRESEASON = 1;
const REGULAR_SEASON = 2;
const NFL_WEEKS = 18;
const RANGE_DAYS = 7;

const LEAGUE_PATHS: Record<SportKey, string> = {
  NFL: 'football/nfl',
  NBA: 'basketball/nba',
  NHL: 'hockey/nhl',
  MLB: 'baseball/mlb',
};

/** The days a daily sport's regular season falls in (MM-DD; `to` in the next year when the season spans two). */
const SEASON_DAYS: Record<Exclude<SportKey, 'NFL'>, { from: string; to: string; spans: boolean }> = {
  NBA: { from: '10-01', to: '04-30', spans: true },
  NHL: { from: '10-01', to: '04-30', spans: true },
  MLB: { from: '03-15', to: '10-15', spans: false },
};

export interface EspnFeedOptions {
  baseUrl: string;
  now: () => Date;
  transport: Omit<FeedHttpOptions, 'feed'>;
}

const compact = (date: string) => date.replaceAll('-', '');

/** The days from `from` to `to` (both included) in consecutive ranges of at most `size` days. */
function dayRanges(from: string, to: string, size = RANGE_DAYS): [string, string][] {
  const ranges: [string, string][] = [];
  for (let start = from; start <= to; start = shiftDate(start, size)) {
    const end = shiftDate(start, size - 1);
    ranges.push([start, end < to ? end : to]);
  }
  return ranges;
}

export function createEspnFeed({ baseUrl, now, transport }: EspnFeedOptions): SportsFeed {
  const http = feedHttp({ ...transport, feed: 'ESPN' });
  const url = (sport: SportKey, resource: string, query: Record<string, string> = {}) => {
    const address = new URL(`/apis/site/v2/sports/${LEAGUE_PATHS[sport]}/${resource}`, baseUrl);
    for (const [name, value] of Object.entries(query)) address.searchParams.set(name, value);
    return address;
  };

  const scoreboard = async (sport: SportKey, query: Record<string, string>) =>
    (await http.getJson(url(sport, 'scoreboard', { ...query, limit: '1000' }), espnScoreboardAnswer)).events;

  /**
   * The games of these events, each once, of the regular season only unless `beyond` (preseason never): a season's weeks
   * run from its first regular-season game to its last, and a playoff game in its last week would be picked as a regular
   * one. Results take the postseason too, for games an earlier release imported.
   */
  const games = (sport: SportKey, events: EspnEvent[], beyond = false): FeedGame[] => {
    const byRef = new Map<string, FeedGame>();
    for (const event of events) {
      const type = event.season?.type ?? REGULAR_SEASON;
      if (type === PRESEASON || (type !== REGULAR_SEASON && !beyond)) continue;
      const game = espnGame(sport, event);
      if (game) byRef.set(game.ref, game);
    }
    return [...byRef.values()].sort((a, b) => a.beginning.localeCompare(b.beginning) || a.ref.localeCompare(b.ref));
  };

  const eventsBetween = async (sport: SportKey, from: string, to: string) => {
    const events: EspnEvent[] = [];
    for (const [start, end] of dayRanges(from, to))
      events.push(...(await scoreboard(sport, { dates: `${compact(start)}-${compact(end)}` })));
    return events;
  };

  const gamesBetween = async (sport: SportKey, from: string, to: string, beyond = false) =>
    games(sport, await eventsBetween(sport, from, to), beyond).filter((game) => {
      const day = localDate(game.beginning);
      return day >= from && day <= to;
    });

  return {
    name: 'espn',
    async listTeams(sport) {
      return espnTeams(await http.getJson(url(sport, 'teams'), espnTeamsAnswer));
    },
    async listSeasonGames(sport, seasonYear) {
      const events: EspnEvent[] = [];
      if (sport === 'NFL') {
        for (let week = 1; week <= NFL_WEEKS; week += 1)
          events.push(
            ...(await scoreboard(sport, {
              dates: String(seasonYear),
              seasontype: String(REGULAR_SEASON),
              week: String(week),
            })),
          );
      } else {
        const { from, to, spans } = SEASON_DAYS[sport];
        events.push(...(await eventsBetween(sport, `${seasonYear}-${from}`, `${seasonYear + (spans ? 1 : 0)}-${to}`)));
      }
      return games(sport, events).filter((game) => game.seasonYear === seasonYear);
    },
    listGames: (sport, from, to) => gamesBetween(sport, from, to),
    async listResults(sport, since) {
      const sinceMs = Date.parse(since);
      const nowMs = now().getTime();
      const found = await gamesBetween(sport, localDate(since), localDate(now()), true);
      return found.filter((game) => Date.parse(game.beginning) >= sinceMs && Date.parse(game.beginning) <= nowMs);
    },
    async listLines(sport) {
      // The NFL publishes lines for the current week; the daily sports a couple of weeks ahead.
      const today = localDate(now());
      const events = await eventsBetween(sport, today, shiftDate(today, sport === 'NFL' ? 7 : 14));
      const nowMs = now().getTime();
      const upcoming = new Set(
        games(sport, events)
          .filter((game) => game.status === GameStatus.Upcoming && Date.parse(game.beginning) > nowMs)
          .map((game) => game.ref),
      );
      const seen = new Set<string>();
      return events.flatMap((event) => {
        if (!upcoming.has(event.id) || seen.has(event.id)) return [];
        seen.add(event.id);
        return espnLines(event);
      });
    },
  };
}
