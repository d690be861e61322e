// Who has not picked a week, and the commissioner's nudge to them (docs/rules.md, Missing picks).
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { ConflictError } from '#domain/errors.ts';
import { localDate, shiftDate, startOfLocalDate } from '#domain/season/zoned-time.ts';
import { missingPicksPage, remindPlayersMissingPicks } from '../../betting/missing-picks.ts';
import { getClient } from '../../store/clients.ts';
import { getSport, listWeekGames, playedWeek } from '../../store/catalogue.ts';
import { keys } from '../../store/keys.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedLiveClientId } from '../auth-guard.ts';

export const missingPicks: RouteImpl<'missingPicks'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  const scope = { clientId, sportId: input.sportId, weekId: input.weekId };
  await playedWeek(deps, scope.clientId, scope);
  return missingPicksPage(deps, scope, input);
};

export const nudge: RouteImpl<'nudge'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  const scope = { clientId, sportId: input.sportId, weekId: input.weekId };
  const [{ clientSport, week }, games, sport, client] = await Promise.all([
    playedWeek(deps, clientId, scope),
    listWeekGames(deps, input.weekId),
    getSport(deps, input.sportId),
    clientId === caller.client.id ? caller.client : getClient(deps, clientId),
  ]);
  const now = deps.clock.now();
  if (!games.some((game) => isOpenForPicks({ status: game.eventStatus, beginning: game.beginning }, now)))
    throw new ConflictError('Every game of this week has started: there are no picks left to place.', 'WEEK_STARTED');
  // Once a day in the sport's zone; the claim is forgotten two days later.
  const today = localDate(now, sport?.timeZone);
  const forgetAt = startOfLocalDate(shiftDate(today, 2), sport?.timeZone);
  const { mailed, alreadyMailed, remindersOff } = await remindPlayersMissingPicks(deps, scope, {
    client: client!,
    sportName: clientSport.sportName,
    week,
    nudgedBy: caller.user.displayName,
    claimOf: (userId) => keys.nudge(clientId, input.sportId, input.weekId, userId, today),
    forgetAt,
  });
  return { mailed, alreadyNudged: alreadyMailed, remindersOff };
};
