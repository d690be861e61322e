// The week total: a player's graded week (slots, sums, week points, year to date, live week points). Three
// rank indexes order a week's active totals, GSI1 by week points, GSI2 by year to date and GSI3 by live
// points, so a page of the leaderboard in any order and direction is one query. A player's latest total
// also carries their season (views/season-rows.ts) and stands in the season index (GSI4), so a result of
// the week rewrites one item per bettor. A total carries its player's names, so a page needs no other
// read; a profile edit renames the totals of the player's weeks (views/rename-player.ts). Totals are
// recomputed from the facts with the pure fold, so a total is always what its facts say, however often or in
// whatever order the facts arrived; after a result, from the stored totals, whose picks are their facts'.
// Stored, a total's picks are one JSON string (`slots`): dynalite pays per attribute and DynamoDB per
// kilobyte, and a settlement rewrites every bettor's total.
import { liveWeekPoints } from '#domain/betting/live-result.ts';
import {
  isActiveWeek,
  type Outcome,
  regraded,
  type WeekTotal,
  weekTotals,
  yearToDate,
} from '#domain/scoring/week-scores.ts';
import { seasonOfWeek, weekIdOf, weekNumberOf } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { batchGet, getItem, queryAll, withoutKeys } from '../store/state-table.ts';
import { scoreKey, type WeekScope } from './scope.ts';
import {
  type Names,
  type SeasonRow,
  seasonOf,
  seasonRankPartition,
  seasonScopeOf,
  seasonWeekPoints,
  seasonWeeks,
  seasonWith,
  storedSeason,
} from './season-rows.ts';
import { gamesNow, type LiveScoreRow } from './live-scores.ts';
import { type FactRow, splitFacts } from './week-facts.ts';
import { viewsPartition } from './layout.ts';
import { liveCountsFrom } from './week-aggregates.ts';
import { totalKey, totalsPartition } from './total-key.ts';

export type WeekTotalRow = WeekTotal &
  Names & { weekId: number; weekNumber: number; ytd: number; liveWeekPoints: number };
/** A total as stored: on the player's latest total, their season too. */
export type StoredTotal = WeekTotalRow & { season?: string };

const rankPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`RANK#${clientId}#${sportId}#${weekId}`);
const ytdPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`YTD#${clientId}#${sportId}#${weekId}`);
const liveRankPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`LIVERANK#${clientId}#${sportId}#${weekId}`);

/** The leaderboard's orders: by week points (GSI1), by year to date (GSI2), by live week points (GSI3). */
export type RankOrder = 'week' | 'ytd' | 'live';
export const rankIndex = { week: 'GSI1', ytd: 'GSI2', live: 'GSI3' } as const;
export const rankIndexPartition = (order: RankOrder, scope: WeekScope) =>
  order === 'week' ? rankPartition(scope) : order === 'ytd' ? ytdPartition(scope) : liveRankPartition(scope);

/** What a total is written from; `season` only on the player's latest total. */
export interface TotalDraft {
  total: WeekTotal;
  names: Names;
  ytd: number;
  /** The week's points if every live game ended now (the graded figure once none is live). */
  liveWeekPoints: number;
  season?: SeasonRow;
}

/**
 * Only an active week is in the rank indexes, so a page of one is the next N active players in its order. Built
 * property by property: a settlement builds one per bettor, and spreading into a literal this size cost V8 seven
 * times as much.
 */
export function weekTotalItem(scope: WeekScope, { total, names, ytd, liveWeekPoints, season }: TotalDraft) {
  const { userId } = total;
  const { PK, SK } = totalKey(scope, userId);
  const item: Record<string, string | number> & { PK: string; SK: string } = {
    PK,
    SK,
    userId,
    slots: JSON.stringify(total.slots),
    regularWonBetsSum: total.regularWonBetsSum,
    bonusWonBetsSum: total.bonusWonBetsSum,
    penalty: total.penalty,
    weekPoints: total.weekPoints,
    totalBetsCount: total.totalBetsCount,
    regularWonBetsCount: total.regularWonBetsCount,
    wins: total.wins,
    losses: total.losses,
    winnings: total.winnings,
    displayName: names.displayName,
    firstName: names.firstName,
    lastName: names.lastName,
    ytd,
    liveWeekPoints,
    weekId: scope.weekId,
    weekNumber: weekNumberOf(scope.weekId),
  };
  if (isActiveWeek(total)) {
    item.GSI1PK = rankPartition(scope);
    item.GSI1SK = scoreKey(total.weekPoints, userId);
    item.GSI2PK = ytdPartition(scope);
    item.GSI2SK = scoreKey(ytd, userId);
    item.GSI3PK = liveRankPartition(scope);
    item.GSI3SK = scoreKey(liveWeekPoints, userId);
  }
  if (season) {
    const stored = storedSeason(season);
    item.GSI4PK = seasonRankPartition(seasonScopeOf(scope));
    item.GSI4SK = scoreKey(stored.total, userId);
    item.season = stored.text;
  }
  return item;
}

/** A stored total (or an index entry of one) as a row: its keys dropped, its picks parsed. */
export function weekTotalRowOf<T extends WeekTotalRow = StoredTotal>(item: Record<string, unknown>): T {
  const row = withoutKeys<T & { slots: string }>(item);
  return { ...row, slots: JSON.parse(row.slots) };
}

/** A stored total back as what it is written from, to write it again with some of it changed. */
export function draftOf(row: StoredTotal): TotalDraft {
  const { displayName, firstName, lastName, ytd, liveWeekPoints, weekId: _, weekNumber: __, season, ...total } = row;
  return {
    total,
    names: { displayName, firstName, lastName },
    ytd,
    liveWeekPoints,
    season: season === undefined ? undefined : seasonOf({ ...row, season }),
  };
}

/** Year to date through the scope's week, from the player's season as it now stands. */
export const ytdThrough = (row: SeasonRow, weekId: number) => yearToDate(seasonWeekPoints(row), weekNumberOf(weekId));

/**
 * The player's weeks after the scope's whose year to date a change of the scope's week moved (none in the
 * usual case: the latest week changed), as week ids.
 */
export function laterWeeksMoved(scope: WeekScope, before: SeasonRow | undefined, after: SeasonRow) {
  const season = seasonOfWeek(scope.weekId);
  return [...seasonWeeks(after).keys()]
    .filter((week) => week > weekNumberOf(scope.weekId))
    .map((week) => weekIdOf(season, week))
    .filter((weekId) => !before || ytdThrough(before, weekId) !== ytdThrough(after, weekId));
}

/** A computed week total, its live week points, and the games its player bet on. */
export interface ComputedTotal {
  total: WeekTotal;
  live: number;
  gameIds: ReadonlySet<number>;
}

/**
 * The week total's definition from its inputs, one for both drivers: a player's computed total of the week counted
 * into their season as it stood before (undefined: none yet), giving the season after it and the total's draft, its
 * year to date through the week. The season rides on the draft only when the week is the player's latest, which the
 * driver knows (the rebuild once it has folded every week, the live projector from the stored latest total).
 */
export function totalStep(
  scope: WeekScope,
  { total, live }: Pick<ComputedTotal, 'total' | 'live'>,
  names: Names,
  before: SeasonRow | undefined,
) {
  const after = seasonWith(before, scope.weekId, total, names);
  const draft: TotalDraft = { total, names, ytd: ytdThrough(after, scope.weekId), liveWeekPoints: live };
  return { after, draft };
}

/** Each total with its live week points (the live scores as they stand), and the week's live counts (every active player's). */
function withLive(graded: readonly Omit<ComputedTotal, 'live'>[], games: ReturnType<typeof gamesNow>) {
  const totals: ComputedTotal[] = graded.map((each) => ({ ...each, live: liveWeekPoints(each.total, games) }));
  const liveCounts = liveCountsFrom(totals);
  return { totals, liveCounts };
}

/** A client week's totals from its facts (shared by the incremental projector and the rebuild). */
export function weekTotalsOf(
  facts: readonly FactRow[],
  outcomes: ReadonlyMap<number, Outcome>,
  liveScores: ReadonlyMap<number, LiveScoreRow> = new Map(),
) {
  const { cellsByPlayer, penalties } = splitFacts(facts);
  const graded = weekTotals(cellsByPlayer, outcomes, penalties).map((total) => ({
    total,
    gameIds: new Set((cellsByPlayer.get(total.userId) ?? []).map((cell) => cell.gameId)),
  }));
  return withLive(graded, gamesNow(outcomes, liveScores));
}

/**
 * A client week's stored totals graded again after results: a total's picks are its facts', so a result needs
 * only the totals (a settlement reads one item per bettor, not their facts as well).
 */
export function regradedTotalsOf(
  rows: readonly WeekTotal[],
  outcomes: ReadonlyMap<number, Outcome>,
  liveScores: ReadonlyMap<number, LiveScoreRow>,
) {
  const graded = rows.map((row) => ({
    total: regraded(row, outcomes),
    gameIds: new Set(Object.values(row.slots).map((pick) => pick.gameId)),
  }));
  return withLive(graded, gamesNow(outcomes, liveScores));
}

/** Every player's total of a week (the whole partition: for recomputes, never for a page). */
export const weekTotalRows = async (deps: Deps, scope: WeekScope) =>
  (await queryAll<Record<string, unknown>>(deps, totalsPartition(scope), { table: 'views' })).map((item) =>
    weekTotalRowOf(item),
  );

export async function weekTotalRow(deps: Deps, scope: WeekScope, userId: number) {
  const item = await getItem<Record<string, unknown>>(deps, totalKey(scope, userId), 'views');
  return item && weekTotalRowOf(item);
}

/** Totals by week and player (consistent batch gets), in no particular order. */
export const totalRowsAt = async (deps: Deps, keys: readonly { scope: WeekScope; userId: number }[]) =>
  (
    await batchGet(
      deps,
      keys.map(({ scope, userId }) => totalKey(scope, userId)),
      'views',
    )
  ).map((item) => weekTotalRowOf(item));
