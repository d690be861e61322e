// The week total: a player's graded week (slots, sums, week points); the rank index (GSI1) orders a
// week's active totals by week points, so the top N is one query. Names are not copied here: they
// live once per player in the season row, which a profile edit updates. Totals are recomputed from
// the facts with the pure fold, so a total is always what its facts say, however often or in
// whatever order the facts arrived.
import { isActiveWeek, type Outcome, type WeekTotal, weekTotals } from '#domain/scoring/week-scores.ts';
import { weekNumberOf } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { queryAll } from '../store/state-table.ts';
import { pad, type WeekScope } from './scope.ts';
import { type Names, type SeasonRow, weekStatsAttribute, weekStatsOf } from './season-rows.ts';
import { type FactRow, splitFacts } from './week-facts.ts';
import { viewsPartition } from './layout.ts';

export type WeekTotalRow = WeekTotal & { weekId: number; weekNumber: number };

const totalsPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`TOTALS#${clientId}#${sportId}#${weekId}`);
const rankPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`RANK#${clientId}#${sportId}#${weekId}`);

/** Only an active week is in the rank index, so a limited query on it finds the N best active players. */
const weekTotalKey = (scope: WeekScope, total: WeekTotal) => ({
  PK: totalsPartition(scope),
  SK: pad(total.userId),
  ...(isActiveWeek(total)
    ? { GSI1PK: rankPartition(scope), GSI1SK: `${pad(total.weekPoints + 1_000_000, 8)}#${pad(total.userId)}` }
    : {}),
});

export const weekTotalItem = (scope: WeekScope, total: WeekTotal) => ({
  ...weekTotalKey(scope, total),
  ...total,
  weekId: scope.weekId,
  weekNumber: weekNumberOf(scope.weekId),
});

/**
 * A client week's total items and the season rows whose week changed, from the week's facts. With
 * `onlyGame`, totals are written only for the players holding a bet on that game (the only ones a
 * result of it can change). Shared by the incremental projector and the rebuild.
 */
export function weekViews(
  scope: WeekScope,
  facts: readonly FactRow[],
  outcomes: ReadonlyMap<number, Outcome>,
  seasons: ReadonlyMap<number, SeasonRow>,
  namesFor: (userId: number) => Names,
  onlyGame?: number,
) {
  const { cellsByPlayer, penalties } = splitFacts(facts);
  const attribute = weekStatsAttribute(scope.weekId);
  const totalItems = [];
  const seasonItems: SeasonRow[] = [];
  for (const total of weekTotals(cellsByPlayer, outcomes, penalties)) {
    const season = seasons.get(total.userId);
    const names = season
      ? { displayName: season.displayName, firstName: season.firstName, lastName: season.lastName }
      : namesFor(total.userId);
    if (onlyGame === undefined || cellsByPlayer.get(total.userId)?.some((cell) => cell.gameId === onlyGame))
      totalItems.push(weekTotalItem(scope, total));
    const stats = weekStatsOf(total);
    if (season?.[attribute] !== stats)
      seasonItems.push({ ...season, userId: total.userId, ...names, [attribute]: stats });
  }
  return { totalItems, seasonItems };
}

/** A week's totals: every player's, or with a limit the N best active ones by week points (one page of the rank index). */
export const weekTotalRows = (deps: Deps, scope: WeekScope, limit?: number) =>
  limit
    ? queryAll<WeekTotalRow>(deps, rankPartition(scope), { table: 'views', index: 'GSI1', limit, descending: true })
    : queryAll<WeekTotalRow>(deps, totalsPartition(scope), { table: 'views' });
