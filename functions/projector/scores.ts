// Recomputing week totals from the facts (slip cells, outcomes, penalties) with the pure fold, so
// a total is always what its facts say, however often or in whatever order facts arrived.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formatWeekStats, parseWeekStats, type WeekStats, weekPointsOf } from '../../domain/scoring/stats.ts';
import { type BetCell, type Outcome, type WeekTotal, weekTotalOf, weekTotals } from '../../domain/scoring/week-scores.ts';
import { weekNumberOf } from '../../domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { getUser, listUsers } from '../store/accounts.ts';
import { batchPut, putItem, queryAll } from '../store/state-table.ts';
import { viewKeys, weekStatsAttribute } from '../store/view-keys.ts';

export interface WeekScope { clientId: number; sportId: number; weekId: number }
/** A player's live bets of a week, stamped with the slip version that wrote them. */
export interface SlipCellsRow { userId: number; cells: BetCell[]; version: number }
export interface PenaltyRow { userId: number; points: number; version: number }
export type FactRow = SlipCellsRow | PenaltyRow;

export type Names = { displayName: string; firstName: string; lastName: string };
export interface SeasonRow extends Names {
  userId: number;
  /** One string per week ("wins,losses,…"): a season row stays at about 20 attributes, which is what dynalite's per-attribute cost makes settlement and rebuild pay for. */
  [stats: `s${number}`]: string;
}

const statsOf = (total: WeekTotal): WeekStats =>
  [total.wins, total.losses, total.winnings, total.totalBetsCount, total.regularWonBetsSum, total.bonusWonBetsSum, total.penalty];

/** A season row's weeks: week number → that week's stats. */
export const seasonWeeks = (row: SeasonRow): Map<number, WeekStats> =>
  new Map(
    Object.entries(row)
      .filter(([key]) => /^s\d+$/.test(key))
      .map(([key, value]) => [Number(key.slice(1)), parseWeekStats(String(value))]),
  );

/** A season row's week points: week number → net points. */
export const seasonWeekPoints = (row: SeasonRow): Record<number, number> =>
  Object.fromEntries([...seasonWeeks(row)].map(([week, stats]) => [week, weekPointsOf(stats)]));

export const isPenalty = (row: FactRow): row is PenaltyRow => !('cells' in row);

function splitFacts(rows: readonly FactRow[]) {
  const cellsByPlayer = new Map<number, BetCell[]>();
  const penalties = new Map<number, number>();
  for (const row of rows) {
    if (isPenalty(row)) penalties.set(row.userId, row.points);
    else cellsByPlayer.set(row.userId, row.cells);
  }
  return { cellsByPlayer, penalties };
}

export const namesOf = (userId: number, user: Names | undefined): Names => ({
  displayName: user?.displayName ?? `Player ${userId}`,
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
});

/** A week total row carries the player's names, so the top 3 is one query. */
const totalItem = (scope: WeekScope, total: WeekTotal, names: Names) => ({
  ...viewKeys.total(scope.clientId, scope.sportId, scope.weekId, total.userId, total.weekPoints),
  ...total,
  ...names,
  weekId: scope.weekId,
  weekNumber: weekNumberOf(scope.weekId),
});

export const seasonItem = (scope: WeekScope, row: SeasonRow) => ({ ...viewKeys.season(scope.clientId, scope.sportId, row.userId), ...row });

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
  const attribute = weekStatsAttribute(weekNumberOf(scope.weekId)) as `s${number}`;
  const totalItems = [];
  const seasonItems: SeasonRow[] = [];
  for (const total of weekTotals(cellsByPlayer, outcomes, penalties)) {
    const season = seasons.get(total.userId);
    const names = season ? { displayName: season.displayName, firstName: season.firstName, lastName: season.lastName } : namesFor(total.userId);
    if (onlyGame === undefined || cellsByPlayer.get(total.userId)?.some((cell) => cell.gameId === onlyGame)) totalItems.push(totalItem(scope, total, names));
    const stats = formatWeekStats(statsOf(total));
    if (season?.[attribute] !== stats) seasonItems.push({ ...season, userId: total.userId, ...names, [attribute]: stats });
  }
  return { totalItems, seasonItems };
}

async function outcomesOf(deps: Deps, { sportId, weekId }: WeekScope) {
  const rows = await queryAll<Outcome>(deps, viewKeys.outcomesPartition(sportId, weekId), { table: 'views' });
  return new Map(rows.map((row) => [row.gameId, row]));
}

/** A player's facts of a week: their slip cells and their penalty, one query. */
export const playerFacts = (deps: Deps, { clientId, sportId, weekId }: WeekScope, userId: number) =>
  queryAll<FactRow>(deps, viewKeys.cellsPartition(clientId, sportId, weekId), { table: 'views', skPrefix: viewKeys.playerPrefix(userId) });

/** One player's week after one of their commits: a few small reads and two writes. Pass the facts when the caller holds them as they now stand. */
export async function recomputePlayerWeek(deps: Deps, scope: WeekScope, userId: number, facts?: FactRow[]) {
  const { clientId, sportId, weekId } = scope;
  const [rows, outcomes, user] = await Promise.all([facts ?? playerFacts(deps, scope, userId), outcomesOf(deps, scope), getUser(deps, clientId, userId)]);
  const { cellsByPlayer, penalties } = splitFacts(rows);
  const total = weekTotalOf(userId, cellsByPlayer.get(userId) ?? [], outcomes, penalties.get(userId) ?? 0);
  const names = namesOf(userId, user);
  await putItem(deps, totalItem(scope, total, names), { table: 'views' });
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.views,
      Key: viewKeys.season(clientId, sportId, userId),
      UpdateExpression: 'SET userId = :u, displayName = :d, firstName = :f, lastName = :l, #stats = :s',
      ExpressionAttributeNames: { '#stats': weekStatsAttribute(weekNumberOf(weekId)) },
      ExpressionAttributeValues: { ':u': userId, ':d': names.displayName, ':f': names.firstName, ':l': names.lastName, ':s': formatWeekStats(statsOf(total)) },
    }),
  );
}

/** A whole client week after a result of `gameId`: one pass over its facts and batched writes, no per-player reads. */
export async function recomputeWeek(deps: Deps, scope: WeekScope, gameId: number) {
  const { clientId, sportId, weekId } = scope;
  const [facts, outcomes, seasonRows] = await Promise.all([
    queryAll<FactRow>(deps, viewKeys.cellsPartition(clientId, sportId, weekId), { table: 'views' }),
    outcomesOf(deps, scope),
    queryAll<SeasonRow>(deps, viewKeys.seasonPartition(clientId, sportId), { table: 'views' }),
  ]);
  const seasons = new Map(seasonRows.map((row) => [row.userId, row]));
  // Players new to the season take their names from one user listing.
  const hasNewcomer = facts.some((row) => !seasons.has(row.userId));
  const users = hasNewcomer ? new Map((await listUsers(deps, clientId)).map((user) => [user.id, user])) : new Map<number, Names>();
  const { totalItems, seasonItems } = weekViews(scope, facts, outcomes, seasons, (userId) => namesOf(userId, users.get(userId)), gameId);
  await batchPut(deps, [...totalItems, ...seasonItems.map((row) => seasonItem(scope, row))], 'views');
}
