// The game/bet row of spec §3: one row per game of the week, with the player's bet on it if any.
import type { Game } from '../catalogue/types.ts';
import { type BetResult, grade } from './grading.ts';
import type { Bet, GameFacts } from './slip.ts';

/** Bet value (spec §3): 0 not set, 1 five, 2 ten, 3 twenty, 4 bonus. */
export type BidType = 0 | 1 | 2 | 3 | 4;

export const bidTypeOf = (bet: Bet | undefined): BidType =>
  !bet ? 0 : bet.isBonus ? 4 : bet.points === 20 ? 3 : bet.points === 10 ? 2 : 1;

export interface BetRow {
  /** The bet id; null when the player has no bet on the game. */
  id: string | null;
  gameId: number;
  beginning: string;
  eventStatus: Game['eventStatus'];
  homeTeamId: number;
  homeTeamName: string;
  homeTeamScore: number | null;
  awayTeamId: number;
  awayTeamName: string;
  awayTeamScore: number | null;
  /** The team the player picked to win against the spread; null without a bet. */
  winnerTeamId: number | null;
  /** The picked team's frozen line with a bet, else the home team's current line (0 = no spread). */
  pointSpread: number;
  /** The home team's current line at the client's affiliate (0 = no spread). */
  homeSpread: number;
  points: number;
  isBonusGame: boolean;
  betResult: BetResult;
  /** Points the bet earned so far: + won, − lost, 0 otherwise. */
  signedPoints: number;
  bidType: BidType;
  handicapId: number;
  useAffiliateSpread: boolean;
}

export function toBetRow(game: GameFacts, teamName: (teamId: number) => string, bet: Bet | undefined, manualSpread = false): BetRow {
  const graded = bet ? grade(bet, game) : { result: 0 as const, signedPoints: 0 };
  return {
    id: bet?.betId ?? null,
    gameId: game.id,
    beginning: game.beginning,
    eventStatus: game.status,
    homeTeamId: game.homeTeamId,
    homeTeamName: teamName(game.homeTeamId),
    homeTeamScore: game.homeScore,
    awayTeamId: game.awayTeamId,
    awayTeamName: teamName(game.awayTeamId),
    awayTeamScore: game.awayScore,
    winnerTeamId: bet?.teamId ?? null,
    pointSpread: bet ? bet.line : (game.homeLine ?? 0),
    homeSpread: game.homeLine ?? 0,
    points: bet?.points ?? 0,
    isBonusGame: !game.onRegularDay,
    betResult: graded.result,
    signedPoints: graded.signedPoints,
    bidType: bidTypeOf(bet),
    handicapId: game.id,
    useAffiliateSpread: !manualSpread,
  };
}
