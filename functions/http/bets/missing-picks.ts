// Who has not picked a week (docs/rules.md, Missing picks); the commissioner's nudge to them is admin/nudge.ts.
import { missingPicksPage } from '../../betting/missing-picks.ts';
import { playedWeek } from '../../store/catalogue.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedLiveClientId } from '../auth-guard.ts';

export const missingPicks: RouteImpl<'missingPicks'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  const scope = { clientId, sportId: input.sportId, weekId: input.weekId };
  await playedWeek(deps, scope.clientId, scope);
  return missingPicksPage(deps, scope, input);
};
