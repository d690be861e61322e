// Grading a bet against its game's outcome (docs/rules.md, Grading): margin = picked score − opponent score +
// the frozen line; above 0 won (+points), below 0 lost (−points), 0 a draw. A canceled or
// postponed game leaves the bet undetermined at 0 points, as does a game not final yet.
import { GameStatus } from '../catalogue/game-status.ts';
import type { Game, GameRow } from '../catalogue/types.ts';

/** How a bet came out; NotSet is a game row without a bet. */
export const BetResult = { NotSet: 0, Undetermined: 1, Won: 2, Lost: 3, Draw: 4 } as const;
export type BetResult = (typeof BetResult)[keyof typeof BetResult];

export interface GameOutcome {
  status: GameStatus;
  homeTeamId: number;
  homeScore: number | null;
  awayScore: number | null;
}

/**
 * A game's row with its status and score as the outcome facts hold them (withOutcome of a week's weekGamesNow); a
 * game they do not name has not started. Whatever an older row still carries of its own is not read.
 */
export const withOutcome = (row: GameRow, outcome: GameOutcome | undefined): Game => ({
  ...row,
  eventStatus: outcome?.status ?? GameStatus.Upcoming,
  homeTeamScore: outcome?.homeScore ?? null,
  awayTeamScore: outcome?.awayScore ?? null,
});

export interface GradedPick {
  result: BetResult;
  signedPoints: number;
}

export function grade(pick: { teamId: number; line: number; points: number }, game: GameOutcome): GradedPick {
  if (game.status !== GameStatus.Finished || game.homeScore === null || game.awayScore === null)
    return { result: BetResult.Undetermined, signedPoints: 0 };
  const picked = pick.teamId === game.homeTeamId ? game.homeScore : game.awayScore;
  const opponent = pick.teamId === game.homeTeamId ? game.awayScore : game.homeScore;
  const margin = picked - opponent + pick.line;
  if (margin > 0) return { result: BetResult.Won, signedPoints: pick.points };
  if (margin < 0) return { result: BetResult.Lost, signedPoints: -pick.points };
  return { result: BetResult.Draw, signedPoints: 0 };
}
