// Recomputing week totals from the facts (bet cells, outcomes, penalties) with the pure fold, so
// a total is always what its facts say, however often or in whatever order facts arrived.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CellRow } from '../../domain/scoring/bet-cells.ts';
import type { WeekStats } from '../../domain/scoring/stats.ts';
import { type Outcome, type WeekTotal, weekTotalOf, weekTotals } from '../../domain/scoring/week-scores.ts';
import { weekNumberOf } from '../../domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { getUser, listUsers } from '../store/accounts.ts';
import { batchPut, queryAll } from '../store/state-table.ts';
import { viewKeys, weekPointsAttribute, weekStatsAttribute } from '../store/view-keys.ts';

export interface WeekScope { clientId: number; sportId: number; weekId: number }
export type PenaltyRow = { userId: number; points: number };
export interface SeasonRow {
  userId: number;
  displayName: string;
  firstName: string;
  lastName: string;
  [week: `p${number}`]: number;
  [stats: `s${number}`]: WeekStats;
}

export const statsOf = (total: WeekTotal): WeekStats =>
  [total.wins, total.losses, total.winnings, total.totalBetsCount, total.regularWonBetsSum, total.bonusWonBetsSum, total.penalty];

export const isPenalty = (row: CellRow | PenaltyRow): row is PenaltyRow => !('gameId' in row);

async function outcomesOf(deps: Deps, { sportId, weekId }: WeekScope) {
  const rows = await queryAll<Outcome>(deps, viewKeys.outcomesPartition(sportId, weekId), { table: 'views' });
  return new Map(rows.map((row) => [row.gameId, row]));
}

function splitFacts(rows: (CellRow | PenaltyRow)[]) {
  const cells = rows.filter((row): row is CellRow => !isPenalty(row));
  const penalties = new Map(rows.filter(isPenalty).map((row) => [row.userId, row.points]));
  return { cells, penalties };
}

export type Names = Pick<SeasonRow, 'displayName' | 'firstName' | 'lastName'>;
export const namesOf = (userId: number, user: Names | undefined): Names => ({
  displayName: user?.displayName ?? `Player ${userId}`,
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
});

/** A week total row carries the player's names, so the top 3 is one query. */
export const totalItem = (scope: WeekScope, total: WeekTotal, names: Names) => ({
  ...viewKeys.total(scope.clientId, scope.sportId, scope.weekId, total.userId, total.weekPoints),
  ...total,
  ...names,
  weekId: scope.weekId,
  weekNumber: weekNumberOf(scope.weekId),
});

/** One player's week after one of their commits: a few small reads and two writes. */
/** A player's facts of a week: their bet cells and their penalty, one query. */
export const playerFacts = (deps: Deps, { clientId, sportId, weekId }: WeekScope, userId: number) =>
  queryAll<CellRow | PenaltyRow>(deps, viewKeys.cellsPartition(clientId, sportId, weekId), { table: 'views', skPrefix: viewKeys.playerPrefix(userId) });

/** Pass the player's facts when the caller already holds them as they now stand. */
export async function recomputePlayerWeek(deps: Deps, scope: WeekScope, userId: number, facts?: (CellRow | PenaltyRow)[]) {
  const { clientId, sportId, weekId } = scope;
  const [rows, outcomes, user] = await Promise.all([facts ?? playerFacts(deps, scope, userId), outcomesOf(deps, scope), getUser(deps, clientId, userId)]);
  const { cells, penalties } = splitFacts(rows);
  const total = weekTotalOf(userId, cells, outcomes, penalties.get(userId) ?? 0);
  const names = namesOf(userId, user);
  await batchPut(deps, [totalItem(scope, total, names)], 'views');
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.views,
      Key: viewKeys.season(clientId, sportId, userId),
      UpdateExpression: 'SET userId = :u, displayName = :d, firstName = :f, lastName = :l, #week = :p, #stats = :s',
      ExpressionAttributeNames: { '#week': weekPointsAttribute(weekNumberOf(weekId)), '#stats': weekStatsAttribute(weekNumberOf(weekId)) },
      ExpressionAttributeValues: {
        ':u': userId, ':d': names.displayName, ':f': names.firstName, ':l': names.lastName, ':p': total.weekPoints, ':s': statsOf(total),
      },
    }),
  );
}

/** A whole client week after a game result: one pass over its facts and batched writes, no per-player reads. */
export async function recomputeWeek(deps: Deps, scope: WeekScope) {
  const { clientId, sportId, weekId } = scope;
  const [rows, outcomes, seasonRows] = await Promise.all([
    queryAll<CellRow | PenaltyRow>(deps, viewKeys.cellsPartition(clientId, sportId, weekId), { table: 'views' }),
    outcomesOf(deps, scope),
    queryAll<SeasonRow>(deps, viewKeys.seasonPartition(clientId, sportId), { table: 'views' }),
  ]);
  const { cells, penalties } = splitFacts(rows);
  const totals = weekTotals(cells, outcomes, penalties);
  const week = weekPointsAttribute(weekNumberOf(weekId)) as `p${number}`;
  const stats = weekStatsAttribute(weekNumberOf(weekId)) as `s${number}`;
  const seasons = new Map(seasonRows.map((row) => [row.userId, row]));
  // Players new to the season (all of them in a rebuild) take their names from one user listing.
  const newcomers = totals.some((total) => !seasons.has(total.userId))
    ? new Map((await listUsers(deps, clientId)).map((user) => [user.id, user]))
    : new Map<number, Names>();
  const changedSeasons: SeasonRow[] = [];
  const totalItems = [];
  for (const total of totals) {
    const season = seasons.get(total.userId);
    const names = namesOf(total.userId, season ?? newcomers.get(total.userId));
    totalItems.push(totalItem(scope, total, names));
    if (season && season[week] === total.weekPoints && String(season[stats]) === String(statsOf(total))) continue;
    changedSeasons.push({ ...(season ?? {}), userId: total.userId, ...names, [week]: total.weekPoints, [stats]: statsOf(total) } as SeasonRow);
  }
  await batchPut(deps, totalItems, 'views');
  await batchPut(deps, changedSeasons.map((row) => ({ ...viewKeys.season(clientId, sportId, row.userId), ...row })), 'views');
  return { players: totals.length, seasonRowsChanged: changedSeasons.length };
}
