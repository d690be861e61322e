// The commissioner's nudge to the week's players missing picks (docs/rules.md, Missing picks): the request checks the
// week and queues the Nudge job (functions/jobs/nudge.ts), which mails them: a large pool takes longer than a request
// may last.
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { ConflictError } from '#domain/errors.ts';
import { localDate } from '#domain/season/zoned-time.ts';
import { getSport, playedWeek } from '../../store/catalogue.ts';
import { listWeekGames } from '../../views/week-games.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedLiveClientId } from '../auth-guard.ts';
import { startJob } from '../imports/jobs.ts';

export const nudge: RouteImpl<'nudge'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  const scope = { clientId, sportId: input.sportId, weekId: input.weekId };
  const [, games, sport] = await Promise.all([
    playedWeek(deps, clientId, scope),
    listWeekGames(deps, input.weekId),
    getSport(deps, input.sportId),
  ]);
  const now = deps.clock.now();
  if (!games.some((game) => isOpenForPicks({ status: game.eventStatus, beginning: game.beginning }, now)))
    throw new ConflictError('Every game of this week has started: there are no picks left to place.', 'WEEK_STARTED');
  // Once a day, the day of the sport's zone when the commissioner asked, whenever the job runs.
  return startJob(deps, caller, 'Nudge', {
    ...scope,
    day: localDate(now, sport?.timeZone),
    nudgedBy: caller.user.displayName || caller.user.login,
  });
};
