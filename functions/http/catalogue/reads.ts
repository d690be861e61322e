// The catalogue reads the app shell needs. A sport's weeks and seasons are shown only to clients
// that have the sport enabled, and a sport's weeks to client managers.
import { canActAcrossClients } from '#domain/auth/permissions.ts';
import { lastDayIsBonusDay } from '#domain/betting/bonus-day.ts';
import { weekContaining } from '#domain/season/weeks.ts';
import { defaultTimeZone, startOfLocalDate } from '#domain/season/zoned-time.ts';
import {
  getSeason,
  getSport,
  listClientSports,
  listSports,
  listTeams,
  listWeeks,
  playedSport,
} from '../../store/catalogue.ts';
import { getBonusStart } from '../../store/manual-lines.ts';
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

export const weekList: RouteImpl<'weekList'> = async ({ input: { sportId, date }, caller }, deps) => {
  // A client manager looks after every sport (the spreads page, the system administrator's sports).
  if (!canActAcrossClients(caller.permissions)) await playedSport(deps, caller.client.id, sportId);
  if (!date) return listWeeks(deps, sportId);
  const [weeks, sport] = await Promise.all([listWeeks(deps, sportId), getSport(deps, sportId)]);
  const week = weekContaining(weeks, startOfLocalDate(date, sport?.timeZone));
  return week ? [week] : [];
};

export const seasonList: RouteImpl<'seasonList'> = async ({ input: form, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, form.clientId);
  const enabled = await listClientSports(deps, clientId);
  const sportIds = form.sportId.length ? form.sportId : enabled.map((sport) => sport.sportId);
  const rows = await Promise.all(
    enabled
      .filter((clientSport) => sportIds.includes(clientSport.sportId))
      .map(async (clientSport) => {
        const [season, sport] = await Promise.all([
          getSeason(deps, clientSport.sportId),
          getSport(deps, clientSport.sportId),
        ]);
        if (!season || !sport) return undefined;
        if (form.date && !(season.beginDate.slice(0, 10) <= form.date && form.date <= season.endDate.slice(0, 10)))
          return undefined;
        const start = await getBonusStart(deps, clientId, season.id);
        return {
          ...season,
          bonusGamesStart: start?.bonusGamesStart ?? null,
          lastDayIsBonusDay: lastDayIsBonusDay(season.endDate, sport.timeZone, clientSport),
        };
      }),
  );
  return rows.filter((row) => row !== undefined);
};

export const teamList: RouteImpl<'teamList'> = async ({ input: { sportId, limit, page } }, deps) => {
  const teams = await listTeams(deps, sportId);
  return teams.slice((page - 1) * limit, page * limit);
};
