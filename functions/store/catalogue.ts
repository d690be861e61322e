// Sports, affiliates, client sports, seasons, weeks, teams, games and spreads in the state table.
import type { Affiliate, ClientSport, Game, Season, Sport, Spread, Team } from '#domain/catalogue/types.ts';
import type { Week } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, queryAll } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export const listSports = (deps: Store) => queryAll<Sport>(deps, keys.sportsPartition);
export const getSport = (deps: Store, sportId: number) => getItem<Sport>(deps, keys.sport(sportId));
export const listAffiliates = (deps: Store, sportId: number) =>
  queryAll<Affiliate>(deps, keys.affiliate(sportId, 0).PK);

export const listClientSports = (deps: Store, clientId: number) =>
  queryAll<ClientSport>(deps, keys.client(clientId).PK, { skPrefix: keys.clientSportPrefix });
export const getClientSport = (deps: Store, clientId: number, sportId: number) =>
  getItem<ClientSport>(deps, keys.clientSport(clientId, sportId));

export const getSeason = (deps: Store, sportId: number) => getItem<Season>(deps, keys.season(sportId));
export const listWeeks = (deps: Store, sportId: number) => queryAll<Week>(deps, keys.weeksPartition(sportId));
export const listTeams = (deps: Store, sportId: number) => queryAll<Team>(deps, keys.teamsPartition(sportId));
export const listWeekGames = (deps: Store, weekId: number) => queryAll<Game>(deps, keys.gamesPartition(weekId));
export const listWeekSpreads = (deps: Store, affiliateId: number, weekId: number) =>
  queryAll<Spread>(deps, keys.spreadsPartition(affiliateId, weekId));

/** Kickoff of every game of a week, by game id. */
export async function weekKickoffs(deps: Store, weekId: number): Promise<(gameId: number) => string> {
  const kickoffs = new Map((await listWeekGames(deps, weekId)).map((game) => [game.id, game.beginning]));
  return (gameId) => kickoffs.get(gameId) ?? '';
}
