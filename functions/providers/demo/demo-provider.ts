// The offline demo feed: a deterministic 18-round season anchored on `seasonStart`, results as of the feed's
// clock, and two demo sportsbooks' lines per sport. Its ids are ours (FeedTeam.id), so the demo's games keep
// the ids its tests and picks name.
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { localDate } from '#domain/season/zoned-time.ts';
import { FeedError, type FeedGame, type FeedTeamRef, type SportKey, type SportsFeed } from '../port.ts';
import { demoAffiliates } from './affiliates.ts';
import type { DemoGame, SportKey as DemoSport } from './demo-types.ts';
import { demoResult } from './results.ts';
import { demoSeasonGames } from './schedule.ts';
import { demoSpread } from './spreads.ts';
import { demoTeamIds, demoTeams } from './teams.ts';
import { shiftDate } from '#domain/season/zoned-time.ts';
import { isWednesdayDate, weekStartContaining } from './week-calendar.ts';

export interface DemoProviderOptions {
  /** YYYY-MM-DD, a Wednesday: the first day of round 1 in America/New_York. */
  seasonStart: string;
  /** The feed's clock; results and upcoming lines are as of this instant. */
  now: () => Date;
  /**
   * Added to every game id: the ids name a round and a slot, not a season, so a second season of the feed in the
   * same store (the seed's last season) takes ids of its own.
   */
  gameIdBase?: number;
}

const MIDDLE_ROUND = 9;
const SPORTS: readonly DemoSport[] = ['NFL', 'NBA'];

/** An offline, deterministic feed: the same options always yield the same data. */
export function createDemoProvider({ seasonStart, now, gameIdBase = 0 }: DemoProviderOptions): SportsFeed {
  if (!isWednesdayDate(seasonStart)) {
    throw new Error(`Demo seasonStart must be a YYYY-MM-DD Wednesday, got "${seasonStart}"`);
  }
  const seasonYear = Number(seasonStart.slice(0, 4));
  const games = (sport: SportKey) => {
    const demoSport = checkedSport(sport);
    return demoSeasonGames(demoSport, demoTeamIds(demoSport), seasonStart).map((game) => ({
      ...game,
      id: game.id + gameIdBase,
    }));
  };
  const names = (sport: SportKey) =>
    new Map(demoTeams(checkedSport(sport)).map((team): [number, FeedTeamRef] => [team.id, teamRef(team)]));
  const asFeedGames = (sport: SportKey, chosen: DemoGame[]) => {
    const teams = names(sport);
    const nowMs = now().getTime();
    return chosen.map((game) => feedGame(game, teams, nowMs));
  };

  return {
    name: 'demo',
    listTeams: async (sport) =>
      demoTeams(checkedSport(sport)).map(({ id, sport: _sport, ...team }) => ({ ...team, ref: String(id), id })),
    listSeasonGames: async (sport, year) => (year === seasonYear ? asFeedGames(sport, games(sport)) : []),
    listGames: async (sport, from, to) =>
      asFeedGames(
        sport,
        games(sport).filter((game) => {
          const day = localDate(game.beginning, 'America/New_York');
          return day >= from && day <= to;
        }),
      ),
    listResults: async (sport, since) => {
      const sinceMs = parseInstant(since);
      const nowMs = now().getTime();
      return asFeedGames(
        sport,
        games(sport).filter((game) => Date.parse(game.beginning) >= sinceMs && Date.parse(game.beginning) <= nowMs),
      );
    },
    listLines: async (sport) => {
      const nowMs = now().getTime();
      const upcoming = games(sport).filter((game) => Date.parse(game.beginning) > nowMs);
      const teams = names(sport);
      return demoAffiliates(checkedSport(sport)).flatMap(({ sport: _sport, ...affiliate }) =>
        upcoming.map((game) => ({
          gameRef: String(game.id),
          affiliate: { ...affiliate, ref: String(affiliate.id) },
          home: teams.get(game.homeTeamId)!,
          homeLine: demoSpread(game, affiliate.id).homeSpread,
        })),
      );
    },
  };
}

const teamRef = (team: { id: number; name: string }): FeedTeamRef => ({ ref: String(team.id), name: team.name });

function feedGame(game: DemoGame, teams: Map<number, FeedTeamRef>, nowMs: number): FeedGame {
  const result = demoResult(game, nowMs);
  return {
    ref: String(game.id),
    id: game.id,
    seasonYear: game.seasonYear,
    beginning: game.beginning,
    home: teams.get(game.homeTeamId)!,
    away: teams.get(game.awayTeamId)!,
    status: result?.status ?? GameStatus.Upcoming,
    homeScore: result?.homeScore ?? null,
    awayScore: result?.awayScore ?? null,
    ...(result?.clock && { period: result.period ?? null, clock: result.clock }),
  };
}

/** The Wednesday starting the week 8 weeks before today's, so an 18-round season has today in round 9. */
export function demoSeasonStart(today: Date): string {
  return shiftDate(weekStartContaining(today), -(MIDDLE_ROUND - 1) * 7);
}

function checkedSport(sport: SportKey): DemoSport {
  if (!SPORTS.includes(sport as DemoSport)) throw new FeedError(`The demo feed has no ${String(sport)} games`);
  return sport as DemoSport;
}

function parseInstant(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`Invalid "since" instant: "${iso}"`);
  return ms;
}
