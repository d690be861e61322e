// The stats card: the caller's season ('My Stats'), or with view users of client and no userId,
// the whole client's ('Overall Stats'). Reads the players' season rows only.
import { Permission } from '#domain/auth/permissions.ts';
import { seasonStats } from '#domain/scoring/stats.ts';
import { ForbiddenError } from '#domain/errors.ts';
import { weekNumberOf } from '#domain/season/weeks.ts';
import { playedWeek } from '../../store/catalogue.ts';
import { seasonRow, seasonRows, seasonWeeks } from '../../views/season-rows.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId } from '../auth-guard.ts';

export const stats: RouteImpl<'stats'> = async ({ input: form, caller }, deps) => {
  const clientId = scopedClientId(caller, form.clientId);
  const seesClient = caller.permissions.includes(Permission.ViewUsers);
  const overall = form.userId === undefined && seesClient;
  const userId = form.userId ?? caller.user.id;
  if (!overall && userId !== caller.user.id && !seesClient)
    throw new ForbiddenError("Another player's stats need the permission 'view users of client'");
  const [rows] = await Promise.all([
    overall
      ? seasonRows(deps, { clientId, sportId: form.sportId })
      : seasonRow(deps, { clientId, sportId: form.sportId }, userId).then((row) => (row ? [row] : [])),
    playedWeek(deps, clientId, form),
  ]);
  return {
    title: overall ? 'Overall Stats' : 'My Stats',
    ...seasonStats(rows.map(seasonWeeks), weekNumberOf(form.weekId)),
  };
};
