// Recomputing week totals, season rows and the week aggregates from the stored facts after a fact changed.
import { aggregateMoves, seasonAggregates } from '#domain/scoring/week-aggregates.ts';
import { weekTotalOf } from '#domain/scoring/week-scores.ts';
import type { Deps } from '../adapters/deps.ts';
import { getUser, listUsers } from '../store/users.ts';
import { batchPut, putItem } from '../store/state-table.ts';
import { weekOutcomes } from '../views/outcomes.ts';
import type { WeekScope } from '../views/scope.ts';
import {
  type Names,
  namesOf,
  type SeasonRow,
  seasonItem,
  seasonRow,
  seasonRows,
  seasonWeeks,
  weekStatsAttribute,
  weekStatsOf,
} from '../views/season-rows.ts';
import { aggregateItems, moveAggregates } from '../views/week-aggregates.ts';
import { type FactRow, playerFacts, splitFacts, weekFacts } from '../views/week-facts.ts';
import { updateLaterWeeks, weekTotalItem, weekViews, ytdThrough } from '../views/week-totals.ts';

/** One player's week after one of their commits: a few small reads, a few writes, the aggregates moved by the difference. */
export async function recomputePlayerWeek(deps: Deps, scope: WeekScope, userId: number, facts?: FactRow[]) {
  const [rows, outcomes, user, before] = await Promise.all([
    facts ?? playerFacts(deps, scope, userId),
    weekOutcomes(deps, scope),
    getUser(deps, scope.clientId, userId),
    seasonRow(deps, scope, userId),
  ]);
  const { cellsByPlayer, penalties } = splitFacts(rows);
  const total = weekTotalOf(userId, cellsByPlayer.get(userId) ?? [], outcomes, penalties.get(userId) ?? 0);
  const names = namesOf(userId, user);
  const after: SeasonRow = { ...before, userId, ...names, [weekStatsAttribute(scope.weekId)]: weekStatsOf(total) };
  await putItem(deps, weekTotalItem(scope, total, ytdThrough(after, scope.weekId), names), { table: 'views' });
  await putItem(deps, seasonItem(scope, after), { table: 'views' });
  await updateLaterWeeks(deps, scope, [after]);
  await moveAggregates(deps, scope, aggregateMoves(before ? seasonWeeks(before) : new Map(), seasonWeeks(after)));
}

/** What changed in a week: a game's result (the totals of its bettors change) or some players' penalties. */
export type WeekChange = { gameId: number } | { userIds: ReadonlySet<number> };

/** A whole client week after a change: one pass over its facts and batched writes, no per-player reads. */
export async function recomputeWeek(deps: Deps, scope: WeekScope, change: WeekChange) {
  const [facts, outcomes, seasonList] = await Promise.all([
    weekFacts(deps, scope),
    weekOutcomes(deps, scope),
    seasonRows(deps, scope),
  ]);
  const seasons = new Map(seasonList.map((row) => [row.userId, row]));
  // Players new to the season take their names from one user listing.
  const hasNewcomer = facts.some((row) => !seasons.has(row.userId));
  const users = hasNewcomer
    ? new Map((await listUsers(deps, scope.clientId)).map((user) => [user.id, user]))
    : new Map<number, Names>();
  const { totalItems, seasonItems } = weekViews(
    scope,
    facts,
    outcomes,
    seasons,
    (userId) => namesOf(userId, users.get(userId)),
    'gameId' in change ? change.gameId : undefined,
  );
  for (const row of seasonItems) seasons.set(row.userId, row);
  // Holding every season row already, the whole season's aggregates are recounted rather than moved.
  const aggregates = seasonAggregates([...seasons.values()].map(seasonWeeks));
  // Penalties change only their players' totals; a result changes every bettor's.
  const changed = 'userIds' in change ? totalItems.filter((item) => change.userIds.has(item.userId)) : totalItems;
  await batchPut(
    deps,
    [...changed, ...seasonItems.map((row) => seasonItem(scope, row)), ...aggregateItems(scope, aggregates)],
    'views',
  );
  await updateLaterWeeks(deps, scope, seasonItems);
}
