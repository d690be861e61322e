// Recomputing week totals and season rows from the stored facts after a fact changed.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { weekTotalOf } from '#domain/scoring/week-scores.ts';
import type { Deps } from '../adapters/deps.ts';
import { getUser, listUsers } from '../store/accounts.ts';
import { batchPut, putItem } from '../store/state-table.ts';
import { weekOutcomes } from '../views/outcomes.ts';
import type { WeekScope } from '../views/scope.ts';
import { type Names, namesOf, seasonItem, seasonRows, seasonWeekUpdate } from '../views/season-rows.ts';
import { type FactRow, playerFacts, splitFacts, weekFacts } from '../views/week-facts.ts';
import { weekTotalItem, weekViews } from '../views/week-totals.ts';

/** One player's week after one of their commits: a few small reads and two writes. Pass the facts when the caller holds them as they now stand. */
export async function recomputePlayerWeek(deps: Deps, scope: WeekScope, userId: number, facts?: FactRow[]) {
  const [rows, outcomes, user] = await Promise.all([
    facts ?? playerFacts(deps, scope, userId),
    weekOutcomes(deps, scope),
    getUser(deps, scope.clientId, userId),
  ]);
  const { cellsByPlayer, penalties } = splitFacts(rows);
  const total = weekTotalOf(userId, cellsByPlayer.get(userId) ?? [], outcomes, penalties.get(userId) ?? 0);
  const names = namesOf(userId, user);
  await putItem(deps, weekTotalItem(scope, total), { table: 'views' });
  await deps.db.send(
    new UpdateCommand({ TableName: deps.tables.views, ...seasonWeekUpdate(scope, userId, names, total) }),
  );
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
  const changed = 'userIds' in change ? totalItems.filter((item) => change.userIds.has(item.userId)) : totalItems;
  await batchPut(deps, [...changed, ...seasonItems.map((row) => seasonItem(scope, row))], 'views');
}
