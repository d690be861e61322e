import type { ProviderResult, SportKey, SportsDataProvider } from '../port.ts';
import { demoAffiliates } from './affiliates.ts';
import { demoResult } from './results.ts';
import { demoSeasonGames } from './schedule.ts';
import { demoSpread } from './spreads.ts';
import { demoTeamIds, demoTeams } from './teams.ts';
import { addDays, isWednesdayDate, weekStartContaining } from './week-calendar.ts';

export interface DemoProviderOptions {
  /** YYYY-MM-DD, a Wednesday: the first day of round 1 in America/New_York. */
  seasonStart: string;
  /** The provider's clock; results are as of this instant. */
  now: () => Date;
}

const MIDDLE_ROUND = 9;
const SPORTS: readonly SportKey[] = ['NFL', 'NBA'];

/** An offline, deterministic feed: the same options always yield the same data. */
export function createDemoProvider({ seasonStart, now }: DemoProviderOptions): SportsDataProvider {
  if (!isWednesdayDate(seasonStart)) {
    throw new Error(`Demo seasonStart must be a YYYY-MM-DD Wednesday, got "${seasonStart}"`);
  }
  const games = (sport: SportKey) => demoSeasonGames(checkedSport(sport), demoTeamIds(sport), seasonStart);

  return {
    listTeams: async (sport) => demoTeams(checkedSport(sport)),
    listSeasonGames: async (sport) => games(sport),
    listResults: async (sport, since) => {
      const sinceMs = parseInstant(since);
      const nowMs = now().getTime();
      return games(sport)
        .map((game) => demoResult(game, nowMs))
        .filter((result): result is ProviderResult => result !== null && Date.parse(result.updatedAt) >= sinceMs);
    },
    listSpreads: async (sport, affiliateId) => {
      if (!demoAffiliates(checkedSport(sport)).some((affiliate) => affiliate.id === affiliateId)) {
        throw new Error(`Unknown affiliate ${affiliateId} for ${sport} in the demo provider`);
      }
      return games(sport).map((game) => demoSpread(game, affiliateId));
    },
    listAffiliates: async (sport) => demoAffiliates(checkedSport(sport)),
  };
}

/** The Wednesday starting the week 8 weeks before today's, so an 18-round season has today in round 9. */
export function demoSeasonStart(today: Date): string {
  return addDays(weekStartContaining(today), -(MIDDLE_ROUND - 1) * 7);
}

// The port is typed, but callers may pass through unchecked input; fail with a clear message.
function checkedSport(sport: SportKey): SportKey {
  if (!SPORTS.includes(sport)) throw new Error(`Unknown sport "${String(sport)}" in the demo provider`);
  return sport;
}

function parseInstant(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`Invalid "since" instant: "${iso}"`);
  return ms;
}
