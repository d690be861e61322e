// Grading a bet against its game's outcome (DESIGN §4): margin = picked score − opponent score +
// the frozen line; above 0 won (+points), below 0 lost (−points), 0 a draw. A canceled or
// postponed game leaves the bet undetermined at 0 points, as does a game not final yet.
import type { GameStatus } from './slip.ts';

/** 0 not set (no bet), 1 undetermined, 2 won, 3 lost, 4 draw. */
export type BetResult = 0 | 1 | 2 | 3 | 4;

export interface GameOutcome {
  status: GameStatus;
  homeTeamId: number;
  homeScore: number | null;
  awayScore: number | null;
}

export interface GradedBet { result: BetResult; signedPoints: number }

export function grade(bet: { teamId: number; line: number; points: number }, game: GameOutcome): GradedBet {
  if (game.status !== 2 || game.homeScore === null || game.awayScore === null) return { result: 1, signedPoints: 0 };
  const picked = bet.teamId === game.homeTeamId ? game.homeScore : game.awayScore;
  const opponent = bet.teamId === game.homeTeamId ? game.awayScore : game.homeScore;
  const margin = picked - opponent + bet.line;
  if (margin > 0) return { result: 2, signedPoints: bet.points };
  if (margin < 0) return { result: 3, signedPoints: -bet.points };
  return { result: 4, signedPoints: 0 };
}
