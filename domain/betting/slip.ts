// The bet slip: one event stream per (client, user, sport, week): its events, state, commands and the pure
// helpers its decider (slip-decider.ts) and readers share.
import type { GameStatus } from '../catalogue/game-status.ts';
import type { Event } from '../decider.ts';
import { grade } from './grading.ts';
import { teamLine } from './team-line.ts';

export const regularPoints = [20, 10, 10, 5, 5] as const;
export type RegularPoints = (typeof regularPoints)[number];
export const noSpreadValues = [0, 0.0001] as const;

/** What the decider needs to know of a game, as the caller's client sees it. */
export interface GameFacts {
  id: number;
  sportId: number;
  weekId: number;
  status: GameStatus;
  beginning: string;
  homeTeamId: number;
  awayTeamId: number;
  /** The home team's line at the client's affiliate (its manual line first); null when none. */
  homeLine: number | null;
  /** False when the game falls on one of the sport's bonus days. */
  onRegularDay: boolean;
  homeScore: number | null;
  awayScore: number | null;
  /** While the game is under way: its clock as last imported ("8:17 - 2nd"). */
  gameClock?: string;
}

export interface Bet {
  betId: string;
  gameId: number;
  teamId: number;
  points: number;
  /** The picked team's line, frozen when the pick was placed or last changed. */
  line: number;
  isBonus: boolean;
  placedAt: string;
  actorId: number;
}

export interface SlipId {
  clientId: number;
  userId: number;
  sportId: number;
  weekId: number;
}

export type BetPlaced = Event<'BetPlaced', Bet>;
export type BetChanged = Event<
  'BetChanged',
  { betId: string; gameId: number; teamId: number; points: number; line: number; changedAt: string; actorId: number }
>;
export type BetCancelled = Event<
  'BetCancelled',
  { betId: string; gameId: number; cancelledAt: string; actorId: number }
>;
export type SlipEvent = BetPlaced | BetChanged | BetCancelled;

export interface SlipState {
  bets: ReadonlyMap<string, Bet>;
}
export const emptySlip: SlipState = { bets: new Map() };

export interface RequestedBet {
  gameId: number;
  teamId: number;
  points: number;
  pointSpread?: number | undefined;
}

/** The week's regular picks as a whole: picks left out are cancelled, started games' picks stay. */
export type SetRegularBets = { type: 'SetRegularBets'; bets: readonly RequestedBet[] };
/** The week's one bonus pick, replacing an earlier one while its game is open. */
export type SetBonusBet = { type: 'SetBonusBet'; bet: RequestedBet };
export type CancelBet = { type: 'CancelBet'; betId: string };
export type SlipCommand = SetRegularBets | SetBonusBet | CancelBet;

export interface SlipContext {
  slip: SlipId;
  actorId: number;
  now: Date;
  /** The week being picked is the one holding now. */
  weekIsCurrent: boolean;
  /** Today is a bonus day for the client sport (see bonus-day.ts). */
  isBonusDay: boolean;
  games: ReadonlyMap<number, GameFacts>;
}

export const slipStreamId = ({ clientId, userId, sportId, weekId }: SlipId) =>
  `slip#${clientId}#${userId}#${sportId}#${weekId}`;

export const betIdOf = (userId: number, gameId: number) => `${userId}-${gameId}`;

export const hasSpread = (line: number | null): line is number =>
  line !== null && !noSpreadValues.includes(Math.abs(line) as 0 | 0.0001);

export function lineFor(game: GameFacts, teamId: number): number | null {
  return hasSpread(game.homeLine) ? teamLine(game.homeLine, game.homeTeamId, teamId) : null;
}

/** True when the values fit the slots one 20, two 10, two 5. */
export function fitsPointSlots(values: readonly number[]): boolean {
  const free: number[] = [...regularPoints];
  return values.every((value) => {
    const slot = free.indexOf(value);
    if (slot < 0) return false;
    free.splice(slot, 1);
    return true;
  });
}

/** The week's regular bets graded as far as their games are final: won minus lost points. */
export function regularSignedSum(state: SlipState, games: ReadonlyMap<number, GameFacts>): number {
  let sum = 0;
  for (const bet of state.bets.values()) {
    const game = games.get(bet.gameId);
    if (!bet.isBonus && game) sum += grade(bet, { ...game, status: game.status }).signedPoints;
  }
  return sum;
}
