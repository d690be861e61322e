// The season row: a player's names and each week's stats (s1 … s18), one item per client sport,
// from which week points, the year to date and the stats card follow. It holds the player's names,
// which the week totals copy (views/rename-player.ts keeps both right). The season index (GSI1)
// orders the rows by season total, so the season's leaders are one short query.
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { formatWeekStats, parseWeekStats, type WeekStats, weekPointsOf } from '#domain/scoring/stats.ts';
import { type WeekTotal, yearToDate } from '#domain/scoring/week-scores.ts';
import { weekNumberOf } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { getItem, queryAll, withoutKeys } from '../store/state-table.ts';
import { pad, scoreKey, type WeekScope } from './scope.ts';
import { viewsPartition } from './layout.ts';

export type Names = { displayName: string; firstName: string; lastName: string };
export interface SeasonRow extends Names {
  userId: number;
  /** One string per week ("wins,losses,…"): a season row stays at about 20 attributes, which is what dynalite's per-attribute cost makes settlement and rebuild pay for. */
  [stats: `s${number}`]: string;
}

type ClientSport = Pick<WeekScope, 'clientId' | 'sportId'>;

export const seasonPartition = ({ clientId, sportId }: ClientSport) => viewsPartition(`SEASON#${clientId}#${sportId}`);
export const seasonKey = (scope: ClientSport, userId: number) => ({ PK: seasonPartition(scope), SK: pad(userId) });

/** The attribute holding a week's stats. */
export const weekStatsAttribute = (weekId: number) => `s${weekNumberOf(weekId)}` as const;

export const namesOf = (userId: number, user: Names | undefined): Names => ({
  displayName: user?.displayName ?? `Player ${userId}`,
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
});

export const weekStatsOf = (total: WeekTotal): string =>
  formatWeekStats([
    total.wins,
    total.losses,
    total.winnings,
    total.totalBetsCount,
    total.regularWonBetsSum,
    total.bonusWonBetsSum,
    total.penalty,
  ]);

const seasonRankPartition = ({ clientId, sportId }: ClientSport) => viewsPartition(`SEASONRANK#${clientId}#${sportId}`);

export const seasonItem = (scope: ClientSport, row: SeasonRow) => ({
  ...seasonKey(scope, row.userId),
  GSI1PK: seasonRankPartition(scope),
  GSI1SK: scoreKey(yearToDate(seasonWeekPoints(row), Number.MAX_SAFE_INTEGER), row.userId),
  ...row,
});

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

/** The season's leaders by season total, best first: one page of the season index. */
export const seasonLeaders = (deps: Deps, scope: ClientSport, limit: number) =>
  queryAll<SeasonRow>(deps, seasonRankPartition(scope), { table: 'views', index: 'GSI1', limit, descending: true });

export const seasonRow = (deps: Deps, scope: ClientSport, userId: number) =>
  getItem<SeasonRow>(deps, seasonKey(scope, userId), 'views');

/** Every player's season row of a client sport, or with `userIds` only those players' (one batch get). */
export async function seasonRows(deps: Deps, scope: ClientSport, userIds?: number[]) {
  if (!userIds) return queryAll<SeasonRow>(deps, seasonPartition(scope), { table: 'views' });
  if (userIds.length === 0) return [];
  const answer = await deps.db.send(
    new BatchGetCommand({
      RequestItems: { [deps.tables.views]: { Keys: userIds.map((userId) => seasonKey(scope, userId)) } },
    }),
  );
  return (answer.Responses?.[deps.tables.views] ?? []).map((item) => withoutKeys<SeasonRow>(item));
}
