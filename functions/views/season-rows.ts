// A player's season: each week's stats (s1 … s18, one short string per week), from which week points, the
// year to date and the stats card follow. It rides on the player's latest week total (views/week-totals.ts),
// which alone is in the season index (GSI4, by season total): a result of the week then rewrites one item
// per bettor, the season included. A season pointer per player names that latest week.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { formatWeekStats, parseWeekStats, type WeekStats, weekPointsOf } from '#domain/scoring/stats.ts';
import type { WeekTotal } from '#domain/scoring/week-scores.ts';
import { seasonOfWeek, weekIdOf, weekNumberOf } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { batchGet, queryAll, withoutKeys } from '../store/state-table.ts';
import { pad, type WeekScope } from './scope.ts';
import { viewsPartition } from './layout.ts';
import { totalKey } from './total-key.ts';

export type Names = { displayName: string; firstName: string; lastName: string };
export interface SeasonRow extends Names {
  userId: number;
  [stats: `s${number}`]: string;
}

/** What a player's season row, its pointer and the season index are kept per: a client sport's season. */
export interface SeasonScope extends Pick<WeekScope, 'clientId' | 'sportId'> {
  seasonId: number;
}

export const seasonScopeOf = ({ clientId, sportId, weekId }: WeekScope): SeasonScope => ({
  clientId,
  sportId,
  seasonId: seasonOfWeek(weekId),
});

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

/**
 * A player's season once their total of a week is counted: the incremental projector and the rebuild both build it
 * here, so the season they carry is one rule.
 */
export const seasonWith = (
  before: SeasonRow | undefined,
  weekId: number,
  total: WeekTotal,
  names: Names,
): SeasonRow => ({
  ...before,
  userId: total.userId,
  ...names,
  [weekStatsAttribute(weekId)]: weekStatsOf(total),
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

/** The week ids of a season row's weeks, in order. */
export function seasonWeekIds(row: SeasonRow, weekId: number) {
  const season = seasonOfWeek(weekId);
  return [...seasonWeeks(row).keys()].sort((a, b) => a - b).map((week) => weekIdOf(season, week));
}

/**
 * A season as the latest total stores it: one string, `week:stats` joined by `;` in week order, and its total
 * (the sum of its weeks' points), the season index's key. One pass: a settlement stores one per bettor.
 */
export function storedSeason(row: SeasonRow) {
  const weeks = Object.keys(row)
    .filter((key) => /^s\d+$/.test(key))
    .map((key) => Number(key.slice(1)))
    .sort((a, b) => a - b);
  let total = 0;
  const text = weeks
    .map((week) => {
      const stats = row[`s${week}`]!;
      total += weekPointsOf(parseWeekStats(stats));
      return `${week}:${stats}`;
    })
    .join(';');
  return { text, total };
}

/** A latest total's season back as a season row (its names and user from the total). */
export function seasonOf(item: { userId: number; season: string } & Names): SeasonRow {
  const row: SeasonRow = { userId: item.userId, ...namesOf(item.userId, item) };
  for (const week of item.season.split(';').filter(Boolean)) {
    const [number, stats] = week.split(':');
    row[`s${Number(number)}`] = stats!;
  }
  return row;
}

/** The season index: each player's latest total, by season total. */
export const seasonRankPartition = ({ clientId, sportId, seasonId }: SeasonScope) =>
  viewsPartition(`SEASONRANK#${clientId}#${sportId}#${seasonId}`);

export const seasonPartition = ({ clientId, sportId, seasonId }: SeasonScope) =>
  viewsPartition(`SEASON#${clientId}#${sportId}#${seasonId}`);
export const seasonKey = (scope: SeasonScope, userId: number) => ({ PK: seasonPartition(scope), SK: pad(userId) });

/** A player's season pointer: the week of their latest total. */
export interface SeasonPointer {
  userId: number;
  latestWeekId: number;
}

export const seasonPointerItem = (scope: SeasonScope, pointer: SeasonPointer) => ({
  ...seasonKey(scope, pointer.userId),
  ...pointer,
});

export async function seasonPointer(deps: Deps, scope: SeasonScope, userId: number) {
  const { Item } = await deps.db.send(
    new GetCommand({ TableName: deps.tables.views, Key: seasonKey(scope, userId), ConsistentRead: true }),
  );
  return Item && withoutKeys<SeasonPointer>(Item);
}

/** Some players' season pointers (consistent batch gets of at most 100 keys each). */
export async function seasonPointers(deps: Deps, scope: SeasonScope, userIds: readonly number[]) {
  return (
    await batchGet(
      deps,
      userIds.map((userId) => seasonKey(scope, userId)),
      'views',
    )
  ).map((item) => withoutKeys<SeasonPointer>(item));
}

/** The season's leaders by season total, best first: one page of the season index. */
export const seasonLeaders = async (deps: Deps, scope: SeasonScope, limit: number) =>
  (
    await queryAll<{ userId: number; season: string } & Names>(deps, seasonRankPartition(scope), {
      table: 'views',
      index: 'GSI4',
      limit,
      descending: true,
    })
  ).map(seasonOf);

/** A player's season: their pointer, then the latest total it names. */
export async function seasonRow(deps: Deps, scope: SeasonScope, userId: number) {
  const pointer = await seasonPointer(deps, scope, userId);
  if (!pointer) return undefined;
  const { Item } = await deps.db.send(
    new GetCommand({ TableName: deps.tables.views, Key: totalKey({ ...scope, weekId: pointer.latestWeekId }, userId) }),
  );
  return Item?.season === undefined ? undefined : seasonOf(Item as { userId: number; season: string } & Names);
}

/** Every player's season of a client sport (the whole season index: for whole-client figures, never a page). */
export const seasonRows = async (deps: Deps, scope: SeasonScope) =>
  (
    await queryAll<{ userId: number; season: string } & Names>(deps, seasonRankPartition(scope), {
      table: 'views',
      index: 'GSI4',
    })
  ).map(seasonOf);
