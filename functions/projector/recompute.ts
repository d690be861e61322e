// Recomputing week totals, season rows and the week aggregates from the stored facts after a fact changed.
import { aggregateMoves, liveCountMoves, seasonAggregates } from '#domain/scoring/week-aggregates.ts';
import { weekTotalOf } from '#domain/scoring/week-scores.ts';
import type { Deps } from '../adapters/deps.ts';
import { getUser, listUsers } from '../store/users.ts';
import { batchPut, putItem } from '../store/state-table.ts';
import { gamesNow, weekLiveScores } from '../views/live-scores.ts';
import { bumpStamps, clientWeekStamp } from '../store/stamps.ts';
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
import { aggregateItems, moveAggregates, moveLiveCounts, writeLiveCounts } from '../views/week-aggregates.ts';
import { type FactRow, playerFacts, playersFacts, splitFacts, weekFacts } from '../views/week-facts.ts';
import {
  countedLivePoints,
  laterWeeksMoved,
  liveEntry,
  liveEntryItem,
  weekTotalItem,
  weekViews,
  ytdThrough,
} from '../views/week-totals.ts';

/** A player's season row before and after a change of the scope's week. */
type SeasonChange = { before: SeasonRow | undefined; after: SeasonRow };

/**
 * The totals of the later weeks whose year to date moved, recomputed from each week's facts with the new
 * season rows: one read of the week and batched writes, not one update per player and week.
 */
async function writeLaterWeeks(deps: Deps, scope: WeekScope, changes: readonly SeasonChange[]) {
  const playersByWeek = new Map<number, Set<number>>();
  for (const { before, after } of changes)
    for (const weekId of laterWeeksMoved(scope, before, after))
      playersByWeek.set(weekId, (playersByWeek.get(weekId) ?? new Set()).add(after.userId));
  const seasons = new Map(changes.map(({ after }) => [after.userId, after]));
  for (const [weekId, userIds] of playersByWeek) {
    const later = { ...scope, weekId };
    const [facts, outcomes] = await Promise.all([playersFacts(deps, later, userIds), weekOutcomes(deps, later)]);
    const { totalItems } = weekViews(later, facts, outcomes, seasons, (userId) => namesOf(userId, undefined));
    await batchPut(deps, totalItems, 'views');
  }
  return [...playersByWeek.keys()];
}

/** After the client weeks' views were written: their reads' ETags change (views/stamps.ts). */
const stampWeeks = (deps: Deps, scope: WeekScope, weekIds: readonly number[]) =>
  bumpStamps(
    deps,
    [scope.weekId, ...weekIds].map((weekId) => clientWeekStamp({ ...scope, weekId })),
  );

/** One player's week after one of their commits: a few small reads, a few writes, the aggregates moved by the difference. */
export async function recomputePlayerWeek(deps: Deps, scope: WeekScope, userId: number, facts?: FactRow[]) {
  const [rows, outcomes, liveScores, user, before, liveBefore] = await Promise.all([
    facts ?? playerFacts(deps, scope, userId),
    weekOutcomes(deps, scope),
    weekLiveScores(deps, scope),
    getUser(deps, scope.clientId, userId),
    seasonRow(deps, scope, userId),
    liveEntry(deps, scope, userId),
  ]);
  const { cellsByPlayer, penalties } = splitFacts(rows);
  const total = weekTotalOf(userId, cellsByPlayer.get(userId) ?? [], outcomes, penalties.get(userId) ?? 0);
  const names = namesOf(userId, user);
  const after: SeasonRow = { ...before, userId, ...names, [weekStatsAttribute(scope.weekId)]: weekStatsOf(total) };
  await putItem(deps, weekTotalItem(scope, total, ytdThrough(after, scope.weekId), names), { table: 'views' });
  const live = liveEntryItem(scope, total, gamesNow(outcomes, liveScores));
  await putItem(deps, live, { table: 'views' });
  await moveLiveCounts(deps, scope, liveCountMoves(countedLivePoints(liveBefore), countedLivePoints(live)));
  const later = await writeLaterWeeks(deps, scope, [{ before, after }]);
  await putItem(deps, seasonItem(scope, after), { table: 'views' });
  await moveAggregates(deps, scope, aggregateMoves(before ? seasonWeeks(before) : new Map(), seasonWeeks(after)));
  await stampWeeks(deps, scope, later);
}

/** What changed in a week: some games' results (the totals of their bettors change) or some players' penalties. */
export type WeekChange = { gameIds: ReadonlySet<number> } | { userIds: ReadonlySet<number> };

/** A whole client week after a change: one pass over its facts and batched writes, no per-player reads. */
export async function recomputeWeek(deps: Deps, scope: WeekScope, change: WeekChange) {
  const [facts, outcomes, liveScores, seasonList] = await Promise.all([
    weekFacts(deps, scope),
    weekOutcomes(deps, scope),
    weekLiveScores(deps, scope),
    seasonRows(deps, scope),
  ]);
  const seasons = new Map(seasonList.map((row) => [row.userId, row]));
  // Players new to the season take their names from one user listing.
  const hasNewcomer = facts.some((row) => !seasons.has(row.userId));
  const users = hasNewcomer
    ? new Map((await listUsers(deps, scope.clientId)).map((user) => [user.id, user]))
    : new Map<number, Names>();
  const { totalItems, liveItems, seasonItems, liveCounts } = weekViews(
    scope,
    facts,
    outcomes,
    seasons,
    (userId) => namesOf(userId, users.get(userId)),
    'gameIds' in change ? change.gameIds : undefined,
    liveScores,
  );
  // Penalties change only their players' totals; a result changes every bettor's.
  const mine = (item: { userId: number }) => !('userIds' in change) || change.userIds.has(item.userId);
  await batchPut(deps, [...totalItems.filter(mine), ...liveItems.filter(mine)], 'views');
  await writeLiveCounts(deps, scope, liveCounts);
  const later = await writeLaterWeeks(
    deps,
    scope,
    seasonItems.map((after) => ({ before: seasons.get(after.userId), after })),
  );
  for (const row of seasonItems) seasons.set(row.userId, row);
  // Holding every season row already, the whole season's aggregates are recounted rather than moved.
  const aggregates = seasonAggregates([...seasons.values()].map(seasonWeeks));
  // The season rows last: a redelivery after a crash finds them as they were and does the whole job again.
  await batchPut(
    deps,
    [...seasonItems.map((row) => seasonItem(scope, row)), ...aggregateItems(scope, aggregates)],
    'views',
  );
  await stampWeeks(deps, scope, later);
}

/** A client week after live scores of some games: only the live entries of their bettors, never a graded total. */
export async function recomputeLiveEntries(deps: Deps, scope: WeekScope, gameIds: ReadonlySet<number>) {
  const [facts, outcomes, liveScores] = await Promise.all([
    weekFacts(deps, scope),
    weekOutcomes(deps, scope),
    weekLiveScores(deps, scope),
  ]);
  const names = (userId: number) => namesOf(userId, undefined);
  const { liveItems, liveCounts } = weekViews(scope, facts, outcomes, new Map(), names, gameIds, liveScores);
  await batchPut(deps, liveItems, 'views');
  await writeLiveCounts(deps, scope, liveCounts);
  await stampWeeks(deps, scope, []);
}
