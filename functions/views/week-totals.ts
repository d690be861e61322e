// The week total: a player's graded week (slots, sums, week points, year to date); two rank indexes
// order a week's active totals, GSI1 by week points and GSI2 by year to date, so a page of the
// leaderboard in either order and direction is one query. A total carries its player's names, copied
// from the season row, so a page needs no other read; a profile edit renames the season row and then
// the totals of its weeks (views/rename-player.ts). Totals are recomputed from
// the facts with the pure fold, so a total is always what its facts say, however often or in
// whatever order the facts arrived.
import type { GameOutcome } from '#domain/betting/grading.ts';
import { liveWeekPoints } from '#domain/betting/live-result.ts';
import { liveCounters } from '#domain/scoring/week-aggregates.ts';
import { isActiveWeek, type Outcome, type WeekTotal, weekTotals, yearToDate } from '#domain/scoring/week-scores.ts';
import { seasonOfWeek, weekIdOf, weekNumberOf } from '#domain/season/weeks.ts';
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import { getItem, queryAll, withoutKeys } from '../store/state-table.ts';
import { pad, scoreKey, type WeekScope } from './scope.ts';
import {
  type Names,
  type SeasonRow,
  seasonWeekPoints,
  seasonWeeks,
  weekStatsAttribute,
  weekStatsOf,
} from './season-rows.ts';
import { gamesNow, type LiveScoreRow } from './live-scores.ts';
import { type FactRow, splitFacts } from './week-facts.ts';
import { viewsPartition } from './layout.ts';

export type WeekTotalRow = WeekTotal & Names & { weekId: number; weekNumber: number; ytd: number };

const totalsPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`TOTALS#${clientId}#${sportId}#${weekId}`);
const rankPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`RANK#${clientId}#${sportId}#${weekId}`);
const ytdPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`YTD#${clientId}#${sportId}#${weekId}`);
export const totalKey = (scope: WeekScope, userId: number) => ({ PK: totalsPartition(scope), SK: pad(userId) });
const livePartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`LIVE#${clientId}#${sportId}#${weekId}`);
const liveEntryKey = (scope: WeekScope, userId: number) => ({ PK: livePartition(scope), SK: pad(userId) });
const liveRankPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`LIVERANK#${clientId}#${sportId}#${weekId}`);

/**
 * The leaderboard's orders: by week points (GSI1 of the totals), by year to date (GSI2 of the totals), and
 * by live week points (GSI1 of the live entries, a partition of their own).
 */
export type RankOrder = 'week' | 'ytd' | 'live';
export const rankIndex = { week: 'GSI1', ytd: 'GSI2', live: 'GSI1' } as const;
export const rankIndexPartition = (order: RankOrder, scope: WeekScope) =>
  order === 'week' ? rankPartition(scope) : order === 'ytd' ? ytdPartition(scope) : liveRankPartition(scope);

/**
 * A player's live entry: the week's points if every live game ended now, kept beside the graded total and
 * never in it, indexed while the week is active. A final result replaces the live figure by the graded one.
 */
export function liveEntryItem(scope: WeekScope, total: WeekTotal, games: ReadonlyMap<number, GameOutcome>) {
  const points = liveWeekPoints(total, games);
  return {
    ...liveEntryKey(scope, total.userId),
    ...(isActiveWeek(total) ? { GSI1PK: liveRankPartition(scope), GSI1SK: scoreKey(points, total.userId) } : {}),
    userId: total.userId,
    liveWeekPoints: points,
  };
}

/** The live week score a live entry is counted on in the week's live counts (none: the week is not active). */
export const countedLivePoints = (entry: { GSI1PK?: string; liveWeekPoints: number } | undefined) =>
  entry?.GSI1PK === undefined ? undefined : entry.liveWeekPoints;

/** A player's live entry as stored, its index key included (what the live counts hold it on). */
export const liveEntry = async (deps: Deps, scope: WeekScope, userId: number) =>
  (
    await deps.db.send(
      new GetCommand({ TableName: deps.tables.views, Key: liveEntryKey(scope, userId), ConsistentRead: true }),
    )
  ).Item as { GSI1PK?: string; liveWeekPoints: number } | undefined;

/** Only an active week is in the rank indexes, so a page of one is the next N active players in its order. */
const weekTotalKey = (scope: WeekScope, total: WeekTotal, ytd: number) => ({
  ...totalKey(scope, total.userId),
  ...(isActiveWeek(total)
    ? {
        GSI1PK: rankPartition(scope),
        GSI1SK: scoreKey(total.weekPoints, total.userId),
        GSI2PK: ytdPartition(scope),
        GSI2SK: scoreKey(ytd, total.userId),
      }
    : {}),
});

export const weekTotalItem = (scope: WeekScope, total: WeekTotal, ytd: number, names: Names) => ({
  ...weekTotalKey(scope, total, ytd),
  ...total,
  ...names,
  ytd,
  weekId: scope.weekId,
  weekNumber: weekNumberOf(scope.weekId),
});

/** Year to date through the scope's week, from the player's season row as it now stands. */
export const ytdThrough = (row: SeasonRow, weekId: number) => yearToDate(seasonWeekPoints(row), weekNumberOf(weekId));

/**
 * The player's weeks after the scope's whose year to date a change of the scope's week moved (none in the
 * usual case: the latest week changed), as week ids: their totals are then recomputed from their facts.
 */
export function laterWeeksMoved(scope: WeekScope, before: SeasonRow | undefined, after: SeasonRow) {
  const season = seasonOfWeek(scope.weekId);
  return [...seasonWeeks(after).keys()]
    .filter((week) => week > weekNumberOf(scope.weekId))
    .map((week) => weekIdOf(season, week))
    .filter((weekId) => !before || ytdThrough(before, weekId) !== ytdThrough(after, weekId));
}

/**
 * A client week's total items and the season rows whose week changed, from the week's facts. With
 * `onlyGames`, totals are written only for the players holding a bet on one of those games (the only ones a
 * result of it can change). The live entries read the live scores too; the live counts are every active
 * player's. Shared by the incremental projector and the rebuild.
 */
export function weekViews(
  scope: WeekScope,
  facts: readonly FactRow[],
  outcomes: ReadonlyMap<number, Outcome>,
  seasons: ReadonlyMap<number, SeasonRow>,
  namesFor: (userId: number) => Names,
  onlyGames?: ReadonlySet<number>,
  liveScores: ReadonlyMap<number, LiveScoreRow> = new Map(),
) {
  const { cellsByPlayer, penalties } = splitFacts(facts);
  const games = gamesNow(outcomes, liveScores);
  const attribute = weekStatsAttribute(scope.weekId);
  const totalItems = [];
  const liveItems = [];
  const seasonItems: SeasonRow[] = [];
  const livePoints: number[] = [];
  for (const total of weekTotals(cellsByPlayer, outcomes, penalties)) {
    if (isActiveWeek(total)) livePoints.push(liveWeekPoints(total, games));
    const season = seasons.get(total.userId);
    const names = season
      ? { displayName: season.displayName, firstName: season.firstName, lastName: season.lastName }
      : namesFor(total.userId);
    const stats = weekStatsOf(total);
    const after: SeasonRow = { ...season, userId: total.userId, ...names, [attribute]: stats };
    if (!onlyGames || cellsByPlayer.get(total.userId)?.some((cell) => onlyGames.has(cell.gameId))) {
      totalItems.push(weekTotalItem(scope, total, ytdThrough(after, scope.weekId), names));
      liveItems.push(liveEntryItem(scope, total, games));
    }
    if (season?.[attribute] !== stats) seasonItems.push(after);
  }
  return { totalItems, liveItems, seasonItems, liveCounts: liveCounters(livePoints) };
}

/** Every player's total of a week (the whole partition: for recounts, never for a page). */
export const weekTotalRows = (deps: Deps, scope: WeekScope) =>
  queryAll<WeekTotalRow>(deps, totalsPartition(scope), { table: 'views' });

export const weekTotalRow = (deps: Deps, scope: WeekScope, userId: number) =>
  getItem<WeekTotalRow>(deps, totalKey(scope, userId), 'views');

/** Some players' totals of a week (one batch get of at most a page's keys), in no particular order. */
export async function weekTotalRowsOf(deps: Deps, scope: WeekScope, userIds: readonly number[]) {
  const rows: WeekTotalRow[] = [];
  let keys: Record<string, unknown>[] = userIds.map((userId) => totalKey(scope, userId));
  while (keys.length > 0) {
    const answer = await deps.db.send(new BatchGetCommand({ RequestItems: { [deps.tables.views]: { Keys: keys } } }));
    rows.push(...(answer.Responses?.[deps.tables.views] ?? []).map((item) => withoutKeys<WeekTotalRow>(item)));
    keys = answer.UnprocessedKeys?.[deps.tables.views]?.Keys ?? [];
  }
  return rows;
}
