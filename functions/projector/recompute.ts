// The live driver's derived views: after a fact changed, the week totals, the seasons their players' latest totals
// carry, the week aggregates, live counts and pick shares recomputed from the stored facts and totals by the views'
// definitions (weekTotalsOf, or for one player the weekTotalOf it folds with; totalStep; weekAggregateFrom;
// liveCountsFrom); which items it reads, and the ADD moves of the counters between two recounts, are this driver's own
// (docs/architecture.md, projector). The client week stamps are the apply step's (apply-commits.ts), told from what
// these write: each recompute writes an item of its week whatever changed (the player's total, the week's aggregate
// or its live counts, put or deleted), so a redelivery stamps its week again.
import { liveWeekPoints } from '#domain/betting/live-result.ts';
import { aggregateMoves, liveCountMoves } from '#domain/scoring/week-aggregates.ts';
import { isActiveWeek, weekTotalOf } from '#domain/scoring/week-scores.ts';
import type { Deps } from '../adapters/deps.ts';
import { getUser, getUsers } from '../store/users.ts';
import { batchPut } from '../store/state-table.ts';
import { gamesNow, weekGamesNow, weekLiveScores } from '../views/live-scores.ts';
import { writePickShares } from '../views/pick-shares.ts';
import { weekOutcomes } from '../views/outcomes.ts';
import type { WeekScope } from '../views/scope.ts';
import { type Names, namesOf, seasonWeeks } from '../views/season-rows.ts';
import {
  moveAggregates,
  liveCountsFrom,
  moveLiveCounts,
  weekAggregateFrom,
  writeLiveCounts,
  writeWeekAggregate,
} from '../views/week-aggregates.ts';
import { laterWeeksOf, latestTotals, planOf, writePlans } from './total-plans.ts';
import { playerFacts, splitFacts, weekFacts } from '../views/week-facts.ts';
import {
  draftOf,
  regradedTotalsOf,
  type StoredTotal,
  weekTotalItem,
  weekTotalRow,
  weekTotalRows,
  weekTotalsOf,
} from '../views/week-totals.ts';

/** A week's aggregate recounted from its stored totals (a later week a late result moved). */
async function recountWeek(deps: Deps, scope: WeekScope) {
  const rows = await weekTotalRows(deps, scope);
  const players = rows.map((row) => ({ total: row, ytd: row.ytd }));
  await writeWeekAggregate(deps, scope, weekAggregateFrom(scope, players));
}

/** One player's week after one of their commits: a few small reads, a few writes, the aggregates moved by the difference. */
export async function recomputePlayerWeek(deps: Deps, scope: WeekScope, userId: number) {
  const [rows, outcomes, liveScores, user, stored] = await Promise.all([
    playerFacts(deps, scope, userId),
    weekOutcomes(deps, scope),
    weekLiveScores(deps, scope),
    getUser(deps, scope.clientId, userId),
    weekTotalRow(deps, scope, userId),
  ]);
  const storedRows = new Map(stored ? [[userId, stored]] : []);
  const latest = await latestTotals(deps, scope, [userId], storedRows, new Set([userId]));
  const { cellsByPlayer, penalties } = splitFacts(rows);
  const total = weekTotalOf(userId, cellsByPlayer.get(userId) ?? [], outcomes, penalties.get(userId) ?? 0);
  const live = liveWeekPoints(total, gamesNow(outcomes, liveScores));
  const plan = planOf(scope, total, live, namesOf(userId, user), latest.get(userId));
  const finish = await writePlans(deps, scope, [plan]);
  const countedLive = (row: Pick<StoredTotal, 'totalBetsCount' | 'penalty' | 'liveWeekPoints'> | undefined) =>
    row && isActiveWeek(row) ? row.liveWeekPoints : undefined;
  await moveLiveCounts(
    deps,
    scope,
    liveCountMoves(countedLive(stored), countedLive({ ...total, liveWeekPoints: live })),
  );
  await finish();
  const before = plan.before ? seasonWeeks(plan.before) : new Map();
  await moveAggregates(deps, scope, aggregateMoves(before, seasonWeeks(plan.after)));
}

/** What changed in a week: some games' results (the totals of their bettors change) or some players' penalties. */
export type WeekChange = { gameIds: ReadonlySet<number> } | { userIds: ReadonlySet<number> };

/**
 * A whole client week after a change: one pass over its stored totals (regraded after results; on penalties,
 * with its facts), one written item per player the change touched (in the usual case, where the week is their
 * latest), no per-player reads.
 */
export async function recomputeWeek(deps: Deps, scope: WeekScope, change: WeekChange) {
  const results = 'gameIds' in change;
  const [facts, outcomes, liveScores, storedList] = await Promise.all([
    results ? [] : weekFacts(deps, scope),
    weekOutcomes(deps, scope),
    weekLiveScores(deps, scope),
    weekTotalRows(deps, scope),
  ]);
  const stored = new Map(storedList.map((row) => [row.userId, row]));
  const { totals, liveCounts } = results
    ? regradedTotalsOf(storedList, outcomes, liveScores)
    : weekTotalsOf(facts, outcomes, liveScores);
  // A result changes its bettors' totals, a penalty its player's. A total a crash left unwritten is written by a
  // penalty's recompute (from the facts) and by the redelivery of the commit that left it so.
  const touched = ({ total, gameIds }: (typeof totals)[number]) =>
    !stored.has(total.userId) ||
    ('gameIds' in change
      ? [...change.gameIds].some((gameId) => gameIds.has(gameId))
      : change.userIds.has(total.userId));
  const changed = totals.filter(touched);
  const penalized = 'userIds' in change ? change.userIds : new Set<number>();
  const latest = await latestTotals(
    deps,
    scope,
    changed.map(({ total }) => total.userId),
    stored,
    penalized,
  );
  // Players new to the season take their names from their user records, read in batches: not the whole client.
  const known = (userId: number) => stored.get(userId) ?? latest.get(userId)?.row;
  const newcomers = changed.map(({ total }) => total.userId).filter((userId) => !known(userId));
  const users = new Map<number, Names>(
    newcomers.length === 0 ? [] : (await getUsers(deps, scope.clientId, newcomers)).map((user) => [user.id, user]),
  );
  const plans = changed.map(({ total, live }) =>
    planOf(
      scope,
      total,
      live,
      namesOf(total.userId, known(total.userId) ?? users.get(total.userId)),
      latest.get(total.userId),
    ),
  );
  const finish = await writePlans(deps, scope, plans);
  await writeLiveCounts(deps, scope, liveCounts);
  if ('gameIds' in change)
    await writePickShares(
      deps,
      scope,
      totals.map(({ total }) => total),
      change.gameIds,
    );
  await finish();
  // This week's aggregate recounted from its totals; a later week a late result moved, from its stored totals.
  const ytds = new Map(plans.map((plan) => [plan.userId, plan.own.ytd]));
  const players = totals.map(({ total }) => ({
    total,
    ytd: ytds.get(total.userId) ?? stored.get(total.userId)!.ytd,
  }));
  await writeWeekAggregate(deps, scope, weekAggregateFrom(scope, players));
  const laterWeeks = laterWeeksOf(scope, plans);
  for (const weekId of laterWeeks) await recountWeek(deps, { ...scope, weekId });
}

/**
 * A client week after live scores of some games: the live week points of their bettors' totals, rewritten
 * only where they moved, never a graded figure; the week's live counts recounted.
 */
export async function recomputeLiveEntries(deps: Deps, scope: WeekScope, gameIds: ReadonlySet<number>) {
  const [rows, games] = await Promise.all([weekTotalRows(deps, scope), weekGamesNow(deps, scope)]);
  const live = new Map(
    rows
      .filter((row) => Object.values(row.slots).some((pick) => gameIds.has(pick.gameId)))
      .map((row) => [row.userId, liveWeekPoints(row, games)]),
  );
  const moved = rows.filter((row) => live.has(row.userId) && live.get(row.userId) !== row.liveWeekPoints);
  await batchPut(
    deps,
    moved.map((row) => weekTotalItem(scope, { ...draftOf(row), liveWeekPoints: live.get(row.userId)! })),
    'views',
  );
  await writePickShares(deps, scope, rows, gameIds);
  const counted = rows.map((row) => ({ total: row, live: live.get(row.userId) ?? row.liveWeekPoints }));
  await writeLiveCounts(deps, scope, liveCountsFrom(counted));
}
