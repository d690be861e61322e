// A client week's facts, from which its totals are computed: each player's slip cells and penalty
// share one partition under one player prefix, so a player's facts or the whole week's are one query.
import type { PickCell } from '#domain/scoring/week-scores.ts';
import type { Deps } from '../adapters/deps.ts';
import { queryAll } from '../store/state-table.ts';
import type { PenaltyRow } from './penalties.ts';
import { factsPartition, playerPrefix } from './facts-partition.ts';
import type { WeekScope } from './scope.ts';
import type { SlipCellsRow } from './slip-cells.ts';

export type FactRow = SlipCellsRow | PenaltyRow;

export const isPenalty = (row: FactRow): row is PenaltyRow => !('cells' in row);

/** The facts by player: their live bets and their penalty. */
export function splitFacts(rows: readonly FactRow[]) {
  const cellsByPlayer = new Map<number, PickCell[]>();
  const penalties = new Map<number, number>();
  for (const row of rows) {
    if (isPenalty(row)) penalties.set(row.userId, row.points);
    else cellsByPlayer.set(row.userId, row.cells);
  }
  return { cellsByPlayer, penalties };
}

/** A player's facts of a week: their slip cells and their penalty, one query. */
export const playerFacts = (deps: Deps, scope: WeekScope, userId: number) =>
  queryAll<FactRow>(deps, factsPartition(scope), { table: 'views', skPrefix: playerPrefix(userId) });

export const weekFacts = (deps: Deps, scope: WeekScope) =>
  queryAll<FactRow>(deps, factsPartition(scope), { table: 'views' });

/** Up to this many players' facts are read by their prefixes (a query each), more in one pass over the week. */
const playersByPrefix = 25;

/** Some players' facts of a week: a few players' by their prefixes, more players' from one pass over the week. */
export async function playersFacts(deps: Deps, scope: WeekScope, userIds: ReadonlySet<number>) {
  if (userIds.size <= playersByPrefix)
    return (await Promise.all([...userIds].map((userId) => playerFacts(deps, scope, userId)))).flat();
  return (await weekFacts(deps, scope)).filter((row) => userIds.has(row.userId));
}
