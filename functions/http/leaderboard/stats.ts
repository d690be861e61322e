// The stats card: the caller's season ('My Stats', the season their latest total carries), or with view users of client and
// no userId, the whole client's ('Overall Stats', the season's week aggregates: one item per week).
import { Permission } from '#domain/auth/permissions.ts';
import { seasonStats } from '#domain/scoring/stats.ts';
import { aggregateStats } from '#domain/scoring/week-aggregates.ts';
import { ForbiddenError } from '#domain/errors.ts';
import { weekNumberOf } from '#domain/season/weeks.ts';
import type { Deps } from '../../adapters/deps.ts';
import { playedWeek } from '../../store/catalogue.ts';
import type { WeekScope } from '../../views/scope.ts';
import { seasonRow, seasonScopeOf, seasonWeeks } from '../../views/season-rows.ts';
import { seasonAggregateRows } from '../../views/week-aggregates.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId } from '../auth-guard.ts';

/** The client's weeks summed as if one player's: the stats card sums the same figures either way. */
async function clientSeason(deps: Deps, scope: WeekScope) {
  const aggregates = await seasonAggregateRows(deps, scope);
  return new Map([...aggregates].map(([week, counters]) => [week, aggregateStats(counters)]));
}

export const stats: RouteImpl<'stats'> = async ({ input: form, caller }, deps) => {
  const clientId = scopedClientId(caller, form.clientId);
  const seesClient = caller.permissions.includes(Permission.ViewUsers);
  const overall = form.userId === undefined && seesClient;
  const userId = form.userId ?? caller.user.id;
  if (!overall && userId !== caller.user.id && !seesClient)
    throw new ForbiddenError("Another player's stats need the permission 'view users of client'");
  const scope = { clientId, sportId: form.sportId, weekId: form.weekId };
  const [season, { week }] = await Promise.all([
    overall
      ? clientSeason(deps, scope)
      : seasonRow(deps, seasonScopeOf(scope), userId).then((row) => (row ? seasonWeeks(row) : new Map())),
    playedWeek(deps, clientId, form),
  ]);
  const through = weekNumberOf(form.weekId);
  // Today's week is named; once it is over (the season's last, after the season), it is last week itself.
  const over = Date.parse(week.endDate) < deps.clock.now().getTime();
  return {
    title: overall ? 'Overall Stats' : 'My Stats',
    ...seasonStats([season], through, over ? through : through - 1),
  };
};
