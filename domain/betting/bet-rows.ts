// The game/bet row the API returns: one row per game of the week, with the player's pick on it if any.
import type { Game } from '../catalogue/types.ts';
import type { PickShare } from '../scoring/pick-share.ts';
import { BetResult, grade } from './grading.ts';
import { type LiveResult, liveResult } from './live-result.ts';
import type { GameFacts, SlipPick } from './slip.ts';

/** A bet's value as the API names it. */
export const BidType = { NotSet: 0, Five: 1, Ten: 2, Twenty: 3, Bonus: 4 } as const;
export type BidType = (typeof BidType)[keyof typeof BidType];

export const bidTypeOf = (pick: SlipPick | undefined): BidType =>
  !pick
    ? BidType.NotSet
    : pick.isBonus
      ? BidType.Bonus
      : pick.points === 20
        ? BidType.Twenty
        : pick.points === 10
          ? BidType.Ten
          : BidType.Five;

/** The row holds the player's bonus bet. */
export const isBonusBet = (row: Pick<BetRow, 'id' | 'bidType'>) => row.id !== null && row.bidType === BidType.Bonus;
/** The row holds one of the player's regular bets. */
export const isRegularBet = (row: Pick<BetRow, 'id' | 'bidType'>) => row.id !== null && row.bidType !== BidType.Bonus;

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
  /** While the game is under way: its clock ("8:17 - 2nd"); left out otherwise. */
  gameClock?: string;
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
  /** While the game is live, where the bet stands at the current score; null without a bet or a live game. */
  liveResult: LiveResult | null;
  /** How the client's players picked the game, once it has started; null before (picks are private until kickoff). */
  pickShare: PickShare | null;
}

export function toBetRow(
  game: GameFacts,
  teamName: (teamId: number) => string,
  pick: SlipPick | undefined,
  hasManualLine = false,
  pickShare: PickShare | null = null,
): BetRow {
  const graded = pick ? grade(pick, game) : { result: BetResult.NotSet, signedPoints: 0 };
  return {
    id: pick?.betId ?? null,
    gameId: game.id,
    beginning: game.beginning,
    eventStatus: game.status,
    homeTeamId: game.homeTeamId,
    homeTeamName: teamName(game.homeTeamId),
    homeTeamScore: game.homeScore,
    awayTeamId: game.awayTeamId,
    awayTeamName: teamName(game.awayTeamId),
    awayTeamScore: game.awayScore,
    ...(game.gameClock !== undefined && { gameClock: game.gameClock }),
    winnerTeamId: pick?.teamId ?? null,
    pointSpread: pick ? pick.line : (game.homeLine ?? 0),
    homeSpread: game.homeLine ?? 0,
    points: pick?.points ?? 0,
    isBonusGame: !game.onRegularDay,
    betResult: graded.result,
    signedPoints: graded.signedPoints,
    bidType: bidTypeOf(pick),
    handicapId: game.id,
    useAffiliateSpread: !hasManualLine,
    liveResult: (pick && liveResult(pick, game)) ?? null,
    pickShare,
  };
}
