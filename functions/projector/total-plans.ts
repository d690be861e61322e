// What a recomputed week writes for each player it changed: their total of the week, the season their latest total
// carries, and the later weeks a late result moved, in three writes ordered so a crash between any two leaves the
// season where a redelivery finds it.
import type { WeekTotal } from '#domain/scoring/week-scores.ts';
import type { Deps } from '../adapters/deps.ts';
import { batchPut } from '../store/state-table.ts';
import type { WeekScope } from '../views/scope.ts';
import {
  type Names,
  type SeasonRow,
  seasonOf,
  seasonPointerItem,
  seasonPointers,
  seasonScopeOf,
} from '../views/season-rows.ts';
import {
  draftOf,
  laterWeeksMoved,
  type StoredTotal,
  totalRowsAt,
  totalStep,
  type TotalDraft,
  weekTotalItem,
  ytdThrough,
} from '../views/week-totals.ts';

/** A player's latest total as stored (the one carrying their season), and another still carrying one after a crash. */
export interface Latest {
  weekId: number;
  row: StoredTotal;
  season: SeasonRow;
  stale?: Latest;
  /** No pointer names it yet: a crash came between a first latest total and its pointer. */
  unpointed?: true;
}

const latestOf = (row: StoredTotal): Latest => ({
  weekId: row.weekId,
  row,
  season: seasonOf({ ...row, season: row.season! }),
});

/**
 * The players' latest totals: the scope week's own when it carries the season, else the one their pointer
 * names; for `checked` players both are looked at, so a move to a newer week a crash cut short is finished,
 * and so is a first latest total whose pointer a crash kept from being written.
 */
export async function latestTotals(
  deps: Deps,
  scope: WeekScope,
  userIds: readonly number[],
  stored: ReadonlyMap<number, StoredTotal>,
  checked: ReadonlySet<number>,
) {
  const latest = new Map<number, Latest>();
  for (const userId of userIds) {
    const row = stored.get(userId);
    if (row?.season !== undefined) latest.set(userId, latestOf(row));
  }
  const asked = userIds.filter((userId) => !latest.has(userId) || checked.has(userId));
  const pointers = await seasonPointers(deps, seasonScopeOf(scope), asked);
  const pointed = new Set(pointers.map((pointer) => pointer.userId));
  for (const userId of asked) {
    const here = latest.get(userId);
    if (here && !pointed.has(userId)) latest.set(userId, { ...here, unpointed: true });
  }
  const elsewhere = pointers.filter((pointer) => pointer.latestWeekId !== scope.weekId);
  const rows = await totalRowsAt(
    deps,
    elsewhere.map(({ userId, latestWeekId }) => ({ scope: { ...scope, weekId: latestWeekId }, userId })),
  );
  for (const row of rows.filter((each) => each.season !== undefined)) {
    const other = latestOf(row);
    const here = latest.get(row.userId);
    latest.set(row.userId, !here || other.weekId > here.weekId ? { ...other, stale: here } : { ...here, stale: other });
  }
  return latest;
}

/** What a player's recomputed week writes: their total of the week and, when it is not their latest, the later weeks it moved. */
export interface Plan {
  userId: number;
  before: SeasonRow | undefined;
  after: SeasonRow;
  latest: Latest | undefined;
  own: TotalDraft;
  /** Weeks between the scope's and the latest whose year to date moved (a late result). */
  laterWeekIds: number[];
}

export function planOf(
  scope: WeekScope,
  total: WeekTotal,
  live: number,
  names: Names,
  latest: Latest | undefined,
): Plan {
  const before = latest?.season;
  const { after, draft } = totalStep(scope, { total, live }, names, before);
  const isLatest = !latest || latest.weekId <= scope.weekId;
  return {
    userId: total.userId,
    before,
    after,
    latest,
    own: { ...draft, season: isLatest ? after : undefined },
    laterWeekIds: isLatest ? [] : laterWeeksMoved(scope, before, after).filter((weekId) => weekId !== latest.weekId),
  };
}

const rowKey = (weekId: number, userId: number) => `${weekId}#${userId}`;

/** The stored totals of the plans' later weeks (a late result's; none in the usual case). */
async function laterRows(deps: Deps, scope: WeekScope, plans: readonly Plan[]) {
  const keys = plans.flatMap(({ userId, laterWeekIds }) =>
    laterWeekIds.map((weekId) => ({ scope: { ...scope, weekId }, userId })),
  );
  const rows = keys.length === 0 ? [] : await totalRowsAt(deps, keys);
  return new Map(rows.map((row) => [rowKey(row.weekId, row.userId), row]));
}

const stripped = (scope: WeekScope, latest: Latest) =>
  weekTotalItem({ ...scope, weekId: latest.weekId }, { ...draftOf(latest.row), season: undefined });

/**
 * The plans' items in three writes, so a crash between any two leaves the season where a redelivery reads it
 * from: first the totals that carry no season (later weeks, the week when it is not the latest), then the
 * latest totals with the season, last an older latest total without it and the pointer to the new one.
 */
function planItems(scope: WeekScope, plans: readonly Plan[], later: ReadonlyMap<string, StoredTotal>) {
  const first = [];
  const second = [];
  const third = [];
  for (const { userId, after, latest, own, laterWeekIds } of plans) {
    for (const weekId of laterWeekIds) {
      const row = later.get(rowKey(weekId, userId));
      if (row) first.push(weekTotalItem({ ...scope, weekId }, { ...draftOf(row), ytd: ytdThrough(after, weekId) }));
    }
    if (own.season || !latest) second.push(weekTotalItem(scope, own));
    else {
      first.push(weekTotalItem(scope, own));
      const draft = { ...draftOf(latest.row), ytd: ytdThrough(after, latest.weekId), season: after };
      second.push(weekTotalItem({ ...scope, weekId: latest.weekId }, draft));
    }
    const moved = !latest || latest.weekId < scope.weekId;
    if (latest && moved) third.push(stripped(scope, latest));
    if (latest?.stale && latest.stale.weekId !== scope.weekId) third.push(stripped(scope, latest.stale));
    if (moved || latest?.stale || latest?.unpointed)
      third.push(
        seasonPointerItem(seasonScopeOf(scope), { userId, latestWeekId: Math.max(scope.weekId, latest?.weekId ?? 0) }),
      );
  }
  return { first, second, third };
}

export async function writePlans(deps: Deps, scope: WeekScope, plans: readonly Plan[]) {
  const { first, second, third } = planItems(scope, plans, await laterRows(deps, scope, plans));
  await batchPut(deps, first, 'views');
  await batchPut(deps, second, 'views');
  return () => batchPut(deps, third, 'views');
}

/** The weeks after the scope's whose totals the plans rewrote. */
export const laterWeeksOf = (scope: WeekScope, plans: readonly Plan[]) => [
  ...new Set(
    plans.flatMap(({ laterWeekIds, own, latest }) => [
      ...laterWeekIds,
      ...(own.season || !latest ? [] : [latest.weekId]),
    ]),
  ),
];
