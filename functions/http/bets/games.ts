// The week's games as the client sees them (its affiliate's spreads, its pick days, how its players picked a
// started game), and the teams.
import { emptySlip } from '#domain/betting/slip.ts';
import { betRows, loadWeek } from '../../betting/slip-service.ts';
import type { RouteImpl } from '../area-api.ts';
import {
  clientSportStamp,
  clientWeekStamp,
  sportTeamsStamp,
  weekGamesStamp,
  weekLiveStamp,
} from '../../store/stamps.ts';
import { withETag, withStampedETag } from '../etag.ts';

export const gameList: RouteImpl<'gameList'> = async ({ input: form, caller, headers }, deps) => {
  const clientId = caller.client.id;
  const build = async () => {
    const view = await loadWeek(deps, { clientId, sportId: form.sportId, weekId: form.weekId });
    const rows = await betRows(deps, view, emptySlip, { teamId: form.teamId });
    return rows.slice((form.page - 1) * form.limit, form.page * form.limit);
  };
  // Without a week named, the week depends on the clock and the season: the answer's hash is its ETag.
  if (form.weekId === undefined) return withETag(await build(), headers);
  return withStampedETag(deps, headers, {
    // The client week's stamp too: the projector moves it when it recounts the pick shares. The live stamp moves
    // with a game's status and score, which the rows do not keep.
    stamps: [
      weekGamesStamp(form.weekId),
      weekLiveStamp(form.weekId),
      clientSportStamp(clientId, form.sportId),
      clientWeekStamp({ clientId, weekId: form.weekId }),
      // The rows name the teams (a team edit moves it).
      sportTeamsStamp(form.sportId),
    ],
    scope: ['gameList', clientId, form],
    build,
  });
};
