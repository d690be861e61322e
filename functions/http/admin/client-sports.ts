// A client's sports (docs/rules.md, Client sports): adding one with its affiliate and pick days, changing
// them, removing it (archived, so its picks come back when it is added again), and the affiliates to choose.
import { assertDaysAgree, daySettingsOf } from '#domain/catalogue/sport-days.ts';
import type { DayFlags } from '#domain/catalogue/types.ts';
import type { Affiliate, Sport } from '#domain/catalogue/types.ts';
import { ConflictError, NotFoundError, ValidationError } from '#domain/errors.ts';
import type { Deps } from '../../adapters/deps.ts';
import { liveClient } from '../../store/clients.ts';
import {
  addClientSport as storeAdd,
  editClientSport as storeEdit,
  findClientSport,
  getSport,
  listAffiliates,
  listSports,
  removeClientSport,
  unknownClientSport,
  clientSportChanged,
} from '../../store/catalogue.ts';
import { editedFrom } from '../../store/state-table.ts';
import type { RouteImpl } from '../area-api.ts';
import { type Caller, scopedClientId, scopedLiveClientId } from '../auth-guard.ts';
import { reply } from '../json-answer.ts';
import { queueNewJob } from '../imports/jobs.ts';

async function knownSport(deps: Deps, sportId: number): Promise<Sport> {
  const sport = await getSport(deps, sportId);
  if (!sport) throw new NotFoundError(`There is no sport ${sportId}`, 'UNKNOWN_SPORT');
  return sport;
}

/** The affiliate, refused (400) unless it is one of the sport's. */
async function affiliateOf(deps: Deps, sport: Sport, affiliateId: number): Promise<Affiliate> {
  const affiliate = (await listAffiliates(deps, sport.id)).find((candidate) => candidate.id === affiliateId);
  if (!affiliate)
    throw new ValidationError(
      `The affiliate ${affiliateId} is not an affiliate of ${sport.name}`,
      undefined,
      'FOREIGN_AFFILIATE',
    );
  return affiliate;
}

/** A client sport still played, of a client the caller may act on (another client's: 403). */
async function ownClientSport(deps: Deps, caller: Caller, id: number) {
  const clientSport = await findClientSport(deps, id);
  if (!clientSport) throw unknownClientSport(id);
  await scopedLiveClientId(deps, caller, clientSport.clientId);
  return clientSport;
}

export const addClientSport: RouteImpl<'addClientSport'> = async ({ input, caller }, deps) => {
  const { clientId: requested, sportId, affiliateId, ...days } = input;
  const client = await liveClient(deps, scopedClientId(caller, requested));
  const sport = await knownSport(deps, sportId);
  if (!sport.active)
    throw new ConflictError(`${sport.name} is switched off: switch it on on the Sports page first`, 'SPORT_INACTIVE');
  const affiliate = await affiliateOf(deps, sport, affiliateId);
  // Days left out are the sport's own (set on the Sports page).
  const chosen = { ...daySettingsOf(sport), ...daySettingsOf(days) } as DayFlags;
  assertDaysAgree(chosen);
  const playedSince = deps.clock.now().toISOString();
  const added = await storeAdd(deps, { clientId: client.id, sport, affiliate, days: chosen, playedSince });
  // Its locks are new to Pick Reminders: only the jobs function may set that schedule again.
  await queueNewJob(deps, caller, 'ArmSchedules', {});
  return reply(201, added);
};

export const editClientSport: RouteImpl<'editClientSport'> = async ({ input, caller }, deps) => {
  const { id, affiliateId, version, ...days } = input;
  const read = await ownClientSport(deps, caller, id);
  // Over the version the page read: another edit since is 409, this one landed already is done (replaceLive).
  const clientSport = { ...read, version: editedFrom(version, read.version, clientSportChanged) };
  assertDaysAgree({ ...daySettingsOf(clientSport), ...daySettingsOf(days) } as DayFlags);
  const affiliate =
    affiliateId === undefined
      ? undefined
      : await affiliateOf(deps, await knownSport(deps, clientSport.sportId), affiliateId);
  const edited = await storeEdit(deps, clientSport, { ...days, affiliate });
  // Other pick days move the week's locks, and Pick Reminders' schedule with them (only the jobs function sets it).
  if (Object.entries(daySettingsOf(days)).some(([day, value]) => read[day as keyof DayFlags] !== value))
    await queueNewJob(deps, caller, 'ArmSchedules', {});
  return edited;
};

export const deleteClientSport: RouteImpl<'deleteClientSport'> = async ({ input, caller }, deps) => {
  const clientSport = await ownClientSport(deps, caller, input.id);
  await removeClientSport(deps, clientSport, deps.clock.now());
  return { message: 'Sport has been deleted' };
};

export const affiliateList: RouteImpl<'affiliateList'> = async ({ input: { sportId } }, deps) => {
  if (sportId !== undefined) return listAffiliates(deps, (await knownSport(deps, sportId)).id);
  const sports = await listSports(deps);
  return (await Promise.all(sports.map((sport) => listAffiliates(deps, sport.id)))).flat();
};
