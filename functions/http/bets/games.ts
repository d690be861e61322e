// The week's games as the client sees them (its affiliate's spreads, its pick days), and the teams.
import { emptySlip } from '#domain/betting/slip.ts';
import { betRows, loadWeek } from '../../betting/slip-service.ts';
import type { RouteImpl } from '../area-api.ts';
import { withETag } from '../etag.ts';

export const gameList: RouteImpl<'gameList'> = async ({ input: form, caller, headers }, deps) => {
  const view = await loadWeek(deps, { clientId: caller.client.id, sportId: form.sportId, weekId: form.weekId });
  const rows = await betRows(deps, view, emptySlip, { teamId: form.teamId });
  return withETag(rows.slice((form.page - 1) * form.limit, form.page * form.limit), headers);
};
