// Where a pick stands while its game is on (docs/rules.md, Live scores): the grading rule applied to the
// current score, so live and final grading can never disagree. Live numbers are only read, never graded.
import { GameStatus } from '../catalogue/game-status.ts';
import type { SlotPick, WeekTotal } from '../scoring/week-scores.ts';
import { BetResult, type GameOutcome, grade } from './grading.ts';

export type LiveResult = 'winning' | 'losing' | 'push';

const liveOf: Partial<Record<BetResult, LiveResult>> = {
  [BetResult.Won]: 'winning',
  [BetResult.Lost]: 'losing',
  [BetResult.Draw]: 'push',
};

/** The pick graded as if its game ended now; undefined unless the game is live with a score. */
function gradedNow(pick: { teamId: number; line: number; points: number }, game: GameOutcome) {
  if (game.status !== GameStatus.Live || game.homeScore === null || game.awayScore === null) return undefined;
  return grade(pick, { ...game, status: GameStatus.Finished });
}

export function liveResult(pick: { teamId: number; line: number }, game: GameOutcome): LiveResult | undefined {
  const graded = gradedNow({ ...pick, points: 0 }, game);
  return graded && liveOf[graded.result];
}

/** How far the picked team covers now: picked − opponent + line (positive covering, 0 a push). */
export function liveMargin(pick: { teamId: number; line: number }, game: GameOutcome): number | undefined {
  if (game.status !== GameStatus.Live || game.homeScore === null || game.awayScore === null) return undefined;
  const home = pick.teamId === game.homeTeamId;
  return (home ? game.homeScore : game.awayScore) - (home ? game.awayScore : game.homeScore) + pick.line;
}

/** What a pick adds to the graded week while its game is on: an undetermined pick of a live game, as if it ended now. */
const liveExtra = (pick: SlotPick, game: GameOutcome | undefined) =>
  pick.result === BetResult.Undetermined && game ? (gradedNow(pick, game)?.signedPoints ?? 0) : 0;

/**
 * The week's points if every live game ended at its current score: the graded week points (graded picks as
 * graded, penalty included) plus the live picks by the same rule; picks not started count nothing.
 */
export function liveWeekPoints(
  total: Pick<WeekTotal, 'slots' | 'weekPoints'>,
  games: ReadonlyMap<number, GameOutcome>,
): number {
  return Object.values(total.slots).reduce(
    (sum, pick) => sum + liveExtra(pick, games.get(pick.gameId)),
    total.weekPoints,
  );
}
