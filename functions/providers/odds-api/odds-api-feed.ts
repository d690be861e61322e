// The Odds API v4 as a sports feed. It knows only what is scheduled now and the last three days' scores: a
// "season" is the events now listed whose kickoff falls in that season. Every answer's remaining quota
// (x-requests-remaining) is logged; once it is used up the feed stops with a FeedError instead of calling.
import * as z from 'zod/mini';
import { startOfLocalDate, shiftDate } from '#domain/season/zoned-time.ts';
import { logger } from '../../adapters/logger.ts';
import { type FeedAnswer, feedHttp, type FeedHttpOptions } from '../feed-http.ts';
import { FeedError, type SportKey, type SportsFeed } from '../port.ts';
import { oddsApiLines, oddsApiResult, oddsApiScheduledGame, oddsApiTeams } from './odds-api-mapping.ts';
import {
  oddsApiEventsAnswer,
  oddsApiOddsAnswer,
  oddsApiParticipantsAnswer,
  oddsApiScoresAnswer,
} from './odds-api-schema.ts';

export const oddsApiDefaultBaseUrl = 'https://api.the-odds-api.com';
const FEED = 'The Odds API';

const SPORT_KEYS: Record<SportKey, string> = {
  NFL: 'americanfootball_nfl',
  NBA: 'basketball_nba',
  NHL: 'icehockey_nhl',
  MLB: 'baseball_mlb',
};

export interface OddsApiFeedOptions {
  baseUrl: string;
  apiKey: () => Promise<string>;
  now: () => Date;
  transport: Omit<FeedHttpOptions, 'feed' | 'inspect' | 'refusals'>;
}

const firstHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The API's own time format: seconds, no fraction. */
const apiInstant = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function createOddsApiFeed({ baseUrl, apiKey, now, transport }: OddsApiFeedOptions): SportsFeed {
  let usedUp = false;
  let remaining: number | undefined;
  const quotaError = () =>
    new FeedError(`${FEED} quota is used up: no requests remain until the plan's next period (x-requests-remaining 0)`);

  const inspect = (answer: FeedAnswer) => {
    if (answer.status === 401 && answer.body.includes('OUT_OF_USAGE_CREDITS')) throw quotaError();
    const told = firstHeader(answer.headers['x-requests-remaining']);
    if (told === undefined) return;
    remaining = Number(told);
    logger.info('The Odds API quota', {
      remaining,
      used: Number(firstHeader(answer.headers['x-requests-used']) ?? NaN),
    });
    if (remaining > 0) return;
    usedUp = true;
    if (answer.status < 200 || answer.status >= 300) throw quotaError();
  };

  const http = feedHttp({
    ...transport,
    feed: FEED,
    inspect,
    refusals: { 401: `${FEED} refused the key: ODDS_API_KEY is missing or wrong` },
  });

  /** One call; `costs` says it spends quota (the schedule of events is free), so a used-up quota stops it first. */
  async function get<T>(
    sport: SportKey,
    resource: string,
    query: Record<string, string>,
    schema: z.ZodMiniType<T>,
    costs = true,
  ) {
    if (costs && usedUp) throw quotaError();
    const url = new URL(`/v4/sports/${SPORT_KEYS[sport]}/${resource}`, baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set('apiKey', await apiKey());
    return http.getJson(url, schema);
  }

  const schedule = async (sport: SportKey, query: Record<string, string> = {}) => {
    const nowMs = now().getTime();
    return (await get(sport, 'events', query, oddsApiEventsAnswer, false)).map((event) =>
      oddsApiScheduledGame(sport, event, nowMs),
    );
  };

  return {
    name: 'odds-api',
    listTeams: async (sport) => oddsApiTeams(await get(sport, 'participants', {}, oddsApiParticipantsAnswer)),
    async listSeasonGames(sport, seasonYear) {
      return (await schedule(sport)).filter((game) => game.seasonYear === seasonYear);
    },
    listGames: (sport, from, to) =>
      schedule(sport, {
        commenceTimeFrom: apiInstant(startOfLocalDate(from)),
        commenceTimeTo: apiInstant(new Date(startOfLocalDate(shiftDate(to, 1)).getTime() - 1000)),
      }),
    async listResults(sport, since) {
      const sinceMs = Date.parse(since);
      const nowMs = now().getTime();
      const scores = await get(sport, 'scores', { daysFrom: '3', dateFormat: 'iso' }, oddsApiScoresAnswer);
      return scores
        .map((event) => oddsApiResult(sport, event))
        .filter((game) => Date.parse(game.beginning) >= sinceMs && Date.parse(game.beginning) <= nowMs);
    },
    remainingRequests: () => remaining,
    async listLines(sport) {
      const nowMs = now().getTime();
      const query = { regions: 'us', markets: 'spreads', oddsFormat: 'american', dateFormat: 'iso' };
      const events = await get(sport, 'odds', query, oddsApiOddsAnswer);
      return events.filter((event) => Date.parse(event.commence_time) > nowMs).flatMap(oddsApiLines);
    },
  };
}
