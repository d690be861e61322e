// Sports, affiliates, client sports, seasons, weeks, teams, games and spreads in the state table.
import {
  type Affiliate,
  type ClientSport,
  type DayFlags,
  defaultDayFlags,
  type GameRow,
  type Season,
  type Sport,
  type Spread,
  type Team,
} from '#domain/catalogue/types.ts';
import { ConflictError, NotFoundError, ValidationError } from '#domain/errors.ts';
import type { Week } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import {
  findOwned,
  getItem,
  isConditionFailure,
  liveItem,
  putItem,
  queryAll,
  replaceLive,
  updateIf,
} from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export const listSports = (deps: Store) => queryAll<Sport>(deps, keys.sportsPartition);
export const getSport = (deps: Store, sportId: number) => getItem<Sport>(deps, keys.sport(sportId));
export const listAffiliates = (deps: Store, sportId: number) =>
  queryAll<Affiliate>(deps, keys.affiliate(sportId, 0).PK);

/** A client sport still played, as the app reads it: without the id of the edit that wrote it (putItem's `writeId`). */
function played(stored: (ClientSport & { writeId?: string }) | undefined): ClientSport | undefined {
  if (!stored || stored.archivedAt) return undefined;
  const { writeId: _, ...clientSport } = stored;
  return clientSport;
}

/** The sports a client plays; a removed one is absent (docs/rules.md, Client sports). */
export const listClientSports = async (deps: Store, clientId: number) =>
  (await queryAll<ClientSport>(deps, keys.clientPartition(clientId), { skPrefix: keys.clientSportPrefix }))
    .map(played)
    .filter((clientSport) => clientSport !== undefined);
export const getClientSport = async (deps: Store, clientId: number, sportId: number) =>
  played(await getItem<ClientSport>(deps, keys.clientSport(clientId, sportId)));

/** A client sport by its id alone, unless removed. */
export async function findClientSport(deps: Store, id: number): Promise<ClientSport | undefined> {
  const found = await findOwned<ClientSport>(deps, 'CLIENTSPORT', id, (indexed) =>
    keys.clientSport(indexed.clientId, indexed.sportId),
  );
  return played(found);
}

export interface ClientSportChoice {
  clientId: number;
  sport: Sport;
  affiliate: Affiliate;
  /** Days left out are the defaults: picks Wednesday to Sunday, bonus Monday and Tuesday. */
  days: Partial<DayFlags>;
  /** When an administrator adds it (the demo's seasons are played from their start). */
  playedSince?: string;
}

/** The day flags given, the rest as the defaults (fields sent blank arrive as undefined). */
const daysOf = (days: Partial<DayFlags>): DayFlags => ({
  ...defaultDayFlags,
  ...Object.fromEntries(Object.entries(days).filter(([, value]) => value !== undefined)),
});

/**
 * Gives the client the sport once: 409 while the client plays it; a sport removed before comes back with
 * its id (so its picks and results show again) and the new settings.
 */
export async function addClientSport(deps: Pick<Deps, 'db' | 'tables' | 'ids'>, choice: ClientSportChoice) {
  const { clientId, sport, affiliate } = choice;
  const key = keys.clientSport(clientId, sport.id);
  const earlier = await getItem<ClientSport>(deps, key);
  const taken = new ConflictError(`${sport.name} is already a sport of this client`, 'SPORT_ALREADY_ADDED');
  if (earlier && !earlier.archivedAt) throw taken;
  const id = earlier?.id ?? (await deps.ids.next('clientSport'));
  const clientSport: ClientSport = {
    ...daysOf(choice.days),
    id,
    clientId,
    sportId: sport.id,
    sportName: sport.name,
    affiliateId: affiliate.id,
    affiliateName: affiliate.name,
    ...(choice.playedSince && { playedSince: choice.playedSince }),
    // Brought back: an edit from a form opened before the removal is refused (editClientSport).
    ...(earlier ? { version: (earlier.version ?? 0) + 1 } : {}),
  };
  // Two adds at once: only one creates it, or only one brings the removed one back, over the removed version read (so
  // no version is given out twice). A refusal by the item our own put wrote before its answer was lost (the SDK sent
  // it again) is success. The write stamps the client sport.
  const ours = (held: Record<string, unknown>) =>
    !held.archivedAt && Object.entries(clientSport).every(([name, value]) => held[name] === value);
  try {
    await putItem(
      deps,
      { ...key, ...keys.clientSportIndex(id), ...clientSport },
      earlier
        ? { when: 'attribute_exists(archivedAt)', overVersion: earlier.version ?? 0 }
        : { when: 'attribute_not_exists(PK)', isOwn: ours },
    );
  } catch (error) {
    throw isConditionFailure(error) ? taken : error;
  }
  return clientSport;
}

export const clientSportChanged = () =>
  new ConflictError(
    "Someone else changed this sport of the client meanwhile: reload the client's sports and edit it again",
    'CLIENT_SPORT_CHANGED',
  );

/**
 * Saves new days or affiliate of a client sport that is still played, only over the version read: 409
 * CLIENT_SPORT_CHANGED when another edit came since (it would be undone unseen), 404 when it was removed meanwhile.
 */
export async function editClientSport(
  deps: Store,
  clientSport: ClientSport,
  changes: Partial<DayFlags> & { affiliate?: Affiliate | undefined },
) {
  const { affiliate, ...days } = changes;
  const edited: ClientSport = {
    ...clientSport,
    ...Object.fromEntries(Object.entries(days).filter(([, value]) => value !== undefined)),
    ...(affiliate ? { affiliateId: affiliate.id, affiliateName: affiliate.name } : {}),
    version: (clientSport.version ?? 0) + 1,
  };
  const item = { ...keys.clientSport(edited.clientId, edited.sportId), ...keys.clientSportIndex(edited.id), ...edited };
  await replaceLive(deps, item, clientSport.version ?? 0, {
    changed: clientSportChanged,
    gone: () => unknownClientSport(edited.id),
  });
  return edited;
}

/** Removes the sport from the client: it is kept, archived, with its picks and results. */
export async function removeClientSport(deps: Store, clientSport: ClientSport, at: Date) {
  const removed = await updateIf(deps, keys.clientSport(clientSport.clientId, clientSport.sportId), {
    set: 'SET archivedAt = :at',
    when: liveItem,
    values: { ':at': at.toISOString() },
  });
  if (!removed) throw unknownClientSport(clientSport.id);
}

export const unknownClientSport = (id: number) =>
  new NotFoundError(`There is no client sport ${id}`, 'UNKNOWN_CLIENT_SPORT');

/**
 * The item naming the sport's current season also carries the season's weeks (Start New Season writes it
 * last, in one put), so the week list is one read; an item written before it carried them has none.
 */
export type CurrentSeason = Season & { weeks?: Week[] };

/** The sport's current season. */
export async function getSeason(deps: Store, sportId: number): Promise<Season | undefined> {
  const current = await getItem<CurrentSeason>(deps, keys.season(sportId));
  if (!current) return undefined;
  const { weeks: _weeks, ...season } = current;
  return season;
}
/** Every season of the sport, past ones too, newest first. */
export const listSeasons = async (deps: Store, sportId: number) =>
  (await queryAll<Season>(deps, keys.seasonsPartition(sportId))).reverse();
/** The named season of the sport, refused (404) unless there is one. */
export async function sportSeason(deps: Store, sportId: number, seasonId: number) {
  const season = await getItem<Season>(deps, keys.seasonOf(sportId, seasonId));
  if (!season) throw new NotFoundError(`There is no season ${seasonId} of sport ${sportId}`, 'UNKNOWN_SEASON');
  return season;
}
/** A season of the sport, past ones too, with its weeks; none when the sport has no such season. */
export async function seasonWithWeeks(deps: Store, sportId: number, seasonId: number) {
  const [season, weeks] = await Promise.all([
    getItem<Season>(deps, keys.seasonOf(sportId, seasonId)),
    listSeasonWeeks(deps, seasonId),
  ]);
  return { season, weeks: season ? weeks : [] };
}
export const listSeasonWeeks = (deps: Store, seasonId: number) => queryAll<Week>(deps, keys.weeksPartition(seasonId));
/** The weeks of the sport's current season, from its item (migrate-one-item-lists.ts gives older items theirs). */
export async function listWeeks(deps: Store, sportId: number): Promise<Week[]> {
  const current = await getItem<CurrentSeason>(deps, keys.season(sportId));
  if (!current) return [];
  return current.weeks ?? listSeasonWeeks(deps, current.id);
}
export const listTeams = (deps: Store, sportId: number) => queryAll<Team>(deps, keys.teamsPartition(sportId));
/** A week's game rows as kept: each game's catalogue part, without its outcome (views/week-games.ts adds it). */
export const listWeekGameRows = (deps: Store, weekId: number) => queryAll<GameRow>(deps, keys.gamesPartition(weekId));

export const listWeekSpreads = (deps: Store, affiliateId: number, weekId: number) =>
  queryAll<Spread>(deps, keys.spreadsPartition(affiliateId, weekId));

/** Kickoff of every game of a week, by game id. */
export async function weekKickoffs(deps: Store, weekId: number): Promise<(gameId: number) => string> {
  const kickoffs = new Map((await listWeekGameRows(deps, weekId)).map((game) => [game.id, game.beginning]));
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
  if (ids.weekId !== undefined) refuseForeignWeek({ ...ids, weekId: ids.weekId }, week);
}

/** Refuses (400) a week that is not one of the sport's, or not of the season when one is named. */
export function refuseForeignWeek(
  ids: CatalogueIds & { weekId: number },
  week: Week | undefined,
): asserts week is Week {
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
    getItem<Week>(deps, keys.week(ids.weekId)),
  ]);
  refuseForeignIds(ids, clientSport, week);
  return { clientSport, week: week! };
}
