// Sports, affiliates, client sports, seasons, weeks, teams, games and spreads in the state table.
import type { Affiliate, ClientSport, Game, Season, Sport, Spread, Team } from '#domain/catalogue/types.ts';
import { ValidationError } from '#domain/errors.ts';
import { type Week, weekNumberOf } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, queryAll } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export const listSports = (deps: Store) => queryAll<Sport>(deps, keys.sportsPartition);
export const getSport = (deps: Store, sportId: number) => getItem<Sport>(deps, keys.sport(sportId));
export const listAffiliates = (deps: Store, sportId: number) =>
  queryAll<Affiliate>(deps, keys.affiliate(sportId, 0).PK);

export const listClientSports = (deps: Store, clientId: number) =>
  queryAll<ClientSport>(deps, keys.clientPartition(clientId), { skPrefix: keys.clientSportPrefix });
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

/** The ids a request names in the catalogue; the week and season are optional where the call allows. */
export interface CatalogueIds {
  sportId: number;
  weekId?: number | undefined;
  seasonId?: number | undefined;
}

/**
 * Refuses (400) ids that do not belong together or to the client: the client must play the sport, the
 * week must be one of the sport's, and of the season when one is named (docs/rules.md, Client scope).
 * Every call that takes a sport, week or season goes through here or through loadWeek, which calls it.
 */
export function refuseForeignIds(
  ids: CatalogueIds,
  clientSport: ClientSport | undefined,
  week: Week | undefined,
): asserts clientSport is ClientSport {
  if (!clientSport)
    throw new ValidationError(
      `The sport ${ids.sportId} is not enabled for this client`,
      undefined,
      'SPORT_NOT_ENABLED',
    );
  if (ids.weekId === undefined) return;
  if (!week || week.id !== ids.weekId || week.sportId !== ids.sportId)
    throw new ValidationError(
      `The week ${ids.weekId} is not a week of sport ${ids.sportId}`,
      undefined,
      'UNKNOWN_WEEK',
    );
  if (ids.seasonId !== undefined && week.seasonId !== ids.seasonId)
    throw new ValidationError(
      `The week ${ids.weekId} is not a week of season ${ids.seasonId}`,
      undefined,
      'WEEK_NOT_IN_SEASON',
    );
}

/** The client's sport, refused (400) unless the client plays it. */
export async function playedSport(deps: Store, clientId: number, sportId: number) {
  const clientSport = await getClientSport(deps, clientId, sportId);
  refuseForeignIds({ sportId }, clientSport, undefined);
  return clientSport;
}

/** The client's sport and the named week, refused (400) unless they belong together. */
export async function playedWeek(deps: Store, clientId: number, ids: CatalogueIds & { weekId: number }) {
  const [clientSport, week] = await Promise.all([
    getClientSport(deps, clientId, ids.sportId),
    getItem<Week>(deps, keys.week(ids.sportId, weekNumberOf(ids.weekId))),
  ]);
  refuseForeignIds(ids, clientSport, week);
  return { clientSport, week: week! };
}
