// How a client's pool split on a game (docs/rules.md, Pick distribution): the picks on each team, counted from the
// players' week totals, and shown as fractions once the game has started (picks stay private until kickoff).
import type { WeekTotal } from './week-scores.ts';

/** Picks on a game by the team picked (team id → picks). */
export type PickCounts = Record<string, number>;

export interface PickShare {
  /** The fraction of the picks on the home team, 0–1. */
  home: number;
  away: number;
  /** How many picks the client's players placed on the game, bonus picks too. */
  picks: number;
}

/** Each game's picks by team over the players' totals, for the games asked (a game nobody picked counts none). */
export function gamePickCounts(
  totals: readonly Pick<WeekTotal, 'slots'>[],
  gameIds: Iterable<number>,
): Map<number, PickCounts> {
  const counts = new Map<number, PickCounts>([...gameIds].map((gameId) => [gameId, {}]));
  for (const total of totals)
    for (const pick of Object.values(total.slots)) {
      const game = pick && counts.get(pick.gameId);
      if (game) game[pick.teamId] = (game[pick.teamId] ?? 0) + 1;
    }
  return counts;
}

const fraction = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);

/** The share of a game's picks on each side, once it has started; null before, or while not counted yet. */
export function pickShareOf(
  counts: PickCounts | undefined,
  game: { homeTeamId: number; awayTeamId: number; beginning: string },
  now: Date,
): PickShare | null {
  if (!counts || Date.parse(game.beginning) > now.getTime()) return null;
  const home = counts[game.homeTeamId] ?? 0;
  const away = counts[game.awayTeamId] ?? 0;
  return { home: fraction(home, home + away), away: fraction(away, home + away), picks: home + away };
}
