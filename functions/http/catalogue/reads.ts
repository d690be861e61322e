// The catalogue reads the app shell needs. A sport's weeks and seasons are shown only to clients
// that have the sport enabled, and a sport's weeks to client managers.
import { canActAcrossClients } from '#domain/auth/permissions.ts';
import { lastDayIsBonusDay } from '#domain/betting/bonus-day.ts';
import { weekContaining } from '#domain/season/weeks.ts';
import { defaultTimeZone, localDate, startOfLocalDate } from '#domain/season/zoned-time.ts';
import {
  getSeason,
  getSport,
  listClientSports,
  listSeasons,
  listSeasonWeeks,
  listSports,
  listTeams,
  listWeeks,
  playedSport,
  sportSeason,
} from '../../store/catalogue.ts';
import type { ClientSport, Season } from '#domain/catalogue/types.ts';
import type { Deps } from '../../adapters/deps.ts';
import { getBonusStart } from '../../store/manual-lines.ts';
import { seasonLeaders } from '../../views/season-rows.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedLiveClientId } from '../auth-guard.ts';

export const clientSportList: RouteImpl<'clientSportList'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  // The played sports only, not the whole sports catalogue: every page asks for this list.
  const played = await listClientSports(deps, clientId);
  const sports = await Promise.all(played.map((clientSport) => getSport(deps, clientSport.sportId)));
  return played.map((clientSport, index) => ({ ...clientSport, timeZone: sports[index]?.timeZone ?? defaultTimeZone }));
};

export const sportList: RouteImpl<'sportList'> = async ({ input: { limit, page } }, deps) => {
  const sports = await listSports(deps);
  return sports.slice((page - 1) * limit, page * limit);
};

export const weekList: RouteImpl<'weekList'> = async ({ input: { sportId, seasonId, date }, caller }, deps) => {
  // A client manager looks after every sport (the spreads page, the system administrator's sports).
  if (!canActAcrossClients(caller.permissions)) await playedSport(deps, caller.client.id, sportId);
  const seasonWeeks = async () => {
    if (seasonId === undefined) return listWeeks(deps, sportId);
    await sportSeason(deps, sportId, seasonId);
    return listSeasonWeeks(deps, seasonId);
  };
  if (!date) return seasonWeeks();
  const [weeks, sport] = await Promise.all([seasonWeeks(), getSport(deps, sportId)]);
  const week = weekContaining(weeks, startOfLocalDate(date, sport?.timeZone));
  return week ? [week] : [];
};

/** The client's view of a season of one of its sports (told in the sport's zone). */
async function seasonRow(deps: Deps, clientId: number, clientSport: ClientSport, timeZone: string, season: Season) {
  const start = await getBonusStart(deps, clientId, season.id);
  return {
    ...season,
    bonusGamesStart: start?.bonusGamesStart ?? null,
    lastDayIsBonusDay: lastDayIsBonusDay(season.endDate, timeZone, clientSport),
  };
}

export const seasonList: RouteImpl<'seasonList'> = async ({ input: form, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, form.clientId);
  const enabled = await listClientSports(deps, clientId);
  const sportIds = form.sportId.length ? form.sportId : enabled.map((sport) => sport.sportId);
  // A date is a day in the sport's zone, as the season's first and last days are.
  const held = (season: Season, timeZone: string) =>
    !form.date ||
    (localDate(season.beginDate, timeZone) <= form.date && form.date <= localDate(season.endDate, timeZone));
  const perSport = await Promise.all(
    enabled
      .filter((clientSport) => sportIds.includes(clientSport.sportId))
      .map(async (clientSport) => {
        // The sport is read once for all its seasons.
        const [current, sport] = await Promise.all([
          getSeason(deps, clientSport.sportId),
          getSport(deps, clientSport.sportId),
        ]);
        if (!current || !sport) return [];
        const seasons = (form.history ? await listSeasons(deps, clientSport.sportId) : [current]).filter((season) =>
          held(season, sport.timeZone),
        );
        // A past season the client did not play (it joined later) has nothing to show: it is not listed.
        const played = await Promise.all(
          seasons.map(
            async (season) =>
              season.id === current.id ||
              (await seasonLeaders(deps, { clientId, sportId: season.sportId, seasonId: season.id }, 1)).length > 0,
          ),
        );
        return Promise.all(
          seasons
            .filter((_, index) => played[index])
            .map(async (season) => ({
              ...(await seasonRow(deps, clientId, clientSport, sport.timeZone, season)),
              current: season.id === current.id,
            })),
        );
      }),
  );
  return perSport.flat();
};

export const teamList: RouteImpl<'teamList'> = async ({ input: { sportId, limit, page } }, deps) => {
  const teams = await listTeams(deps, sportId);
  return teams.slice((page - 1) * limit, page * limit);
};
