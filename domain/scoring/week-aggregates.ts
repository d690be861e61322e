// Week aggregates of a client sport's season: per week, the whole client's summed stats ('Overall Stats')
// and how many active players stand on each week-points and year-to-date score (a rank without sorting
// the tenant). Each is a sum of counters over the players' seasons, so a whole recompute sums them and
// one player's change moves them by the difference of that player's counters.
import { type WeekStats, weekPointsOf } from './stats.ts';

/**
 * Counters by name: `t0`…`t6` the summed week stats, `w{points}` / `y{points}` players on that score;
 * a week's live counts hold `l{points}`, players on that live week score.
 */
export type Counters = Record<string, number>;
export type ScoreKind = 'w' | 'y' | 'l';

const statsCounter = (index: number) => `t${index}`;
export const weekScoreCounter = (points: number) => `w${points}`;
export const ytdScoreCounter = (points: number) => `y${points}`;
const liveScoreCounter = (points: number) => `l${points}`;

/** A week's live counts: how many active players stand on each live week score. */
export function liveCounters(livePoints: readonly number[]): Counters {
  const counters: Counters = {};
  for (const points of livePoints) counters[liveScoreCounter(points)] = (counters[liveScoreCounter(points)] ?? 0) + 1;
  return counters;
}

/** How one player's live week points move the live counts (undefined: not counted, the week not active). */
export function liveCountMoves(before: number | undefined, after: number | undefined): Counters {
  if (before === after) return {};
  return {
    ...(before === undefined ? {} : { [liveScoreCounter(before)]: -1 }),
    ...(after === undefined ? {} : { [liveScoreCounter(after)]: 1 }),
  };
}

/** A week counts on the leaderboard once the player holds a bet or a penalty in it (as isActiveWeek). */
const isActiveStats = (stats: WeekStats) => stats[3] > 0 || stats[6] !== 0;

/** One player's counters of one week: the week's stats and, while active, its week-points and year-to-date scores. */
function weekCounters(stats: WeekStats, ytd: number): Counters {
  const counters: Counters = Object.fromEntries(stats.map((value, index) => [statsCounter(index), value]));
  if (isActiveStats(stats)) {
    counters[weekScoreCounter(weekPointsOf(stats))] = 1;
    counters[ytdScoreCounter(ytd)] = 1;
  }
  return counters;
}

/** One player's counters per week number, from their season (week number → stats). */
export function playerCounters(season: ReadonlyMap<number, WeekStats>): Map<number, Counters> {
  const counters = new Map<number, Counters>();
  let ytd = 0;
  for (const week of [...season.keys()].sort((a, b) => a - b)) {
    const stats = season.get(week)!;
    ytd += weekPointsOf(stats);
    counters.set(week, weekCounters(stats, ytd));
  }
  return counters;
}

function addInto(target: Map<number, Counters>, source: ReadonlyMap<number, Counters>, sign: 1 | -1) {
  for (const [week, counters] of source) {
    const sum = target.get(week) ?? {};
    for (const [name, value] of Object.entries(counters)) sum[name] = (sum[name] ?? 0) + sign * value;
    target.set(week, sum);
  }
}

/** Zero counters, and weeks left with none, are left out: an aggregate holds only what is not zero. */
function withoutZeros(aggregates: Map<number, Counters>) {
  for (const [week, counters] of aggregates) {
    for (const [name, value] of Object.entries(counters)) if (value === 0) delete counters[name];
    if (Object.keys(counters).length === 0) aggregates.delete(week);
  }
  return aggregates;
}

/** Every week's aggregate of a client sport: the sum of every player's counters. */
export function seasonAggregates(seasons: readonly ReadonlyMap<number, WeekStats>[]): Map<number, Counters> {
  const total = new Map<number, Counters>();
  for (const season of seasons) addInto(total, playerCounters(season), 1);
  return withoutZeros(total);
}

/** One week's aggregate, recounted from every player's week in it (their stats and year to date through it). */
export function weekAggregateOf(week: number, players: readonly { stats: WeekStats; ytd: number }[]): Counters {
  const total = new Map<number, Counters>();
  for (const { stats, ytd } of players) addInto(total, new Map([[week, weekCounters(stats, ytd)]]), 1);
  return withoutZeros(total).get(week) ?? {};
}

/** How one player's change moves the aggregates: per week, the counters that changed and by how much. */
export function aggregateMoves(
  before: ReadonlyMap<number, WeekStats>,
  after: ReadonlyMap<number, WeekStats>,
): Map<number, Counters> {
  const moves = new Map<number, Counters>();
  addInto(moves, playerCounters(after), 1);
  addInto(moves, playerCounters(before), -1);
  return withoutZeros(moves);
}

/** The summed stats of a week's aggregate, as one player's week would hold them. */
export const aggregateStats = (counters: Counters) =>
  Array.from({ length: 7 }, (_, index) => counters[statsCounter(index)] ?? 0) as unknown as WeekStats;

/** Players by score of one kind ('w' week points, 'y' year to date, 'l' live week points) in a week's counters. */
function scoreCounts(counters: Counters, kind: ScoreKind) {
  return Object.entries(counters)
    .filter(([name, count]) => name.startsWith(kind) && count > 0)
    .map(([name, count]) => ({ points: Number(name.slice(1)), count }));
}

/** How many active players a week has: on its week scores, or on its live scores. */
export const rankedPlayers = (counters: Counters, kind: 'w' | 'l') =>
  scoreCounts(counters, kind).reduce((sum, { count }) => sum + count, 0);

/** The standing of a score: 1 + the players strictly above it; ties share it (1, 2, 2, 4). */
export function rankOfScore(counters: Counters, kind: ScoreKind, points: number) {
  return (
    1 + scoreCounts(counters, kind).reduce((sum, { points: other, count }) => sum + (other > points ? count : 0), 0)
  );
}
