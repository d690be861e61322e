// The slip: a player's picks of one week, one event stream per (client, user, sport, week): its events, state,
// commands and the pure helpers its decider (slip-decider.ts) and readers share.
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

/** A pick as the slip holds it; its stored events keep the spec's word (`BetPlaced`, `betId`). */
export interface SlipPick {
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

export type BetPlaced = Event<'BetPlaced', SlipPick>;
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
  picks: ReadonlyMap<string, SlipPick>;
}
export const emptySlip: SlipState = { picks: new Map() };

export interface RequestedPick {
  gameId: number;
  teamId: number;
  points: number;
  pointSpread?: number | undefined;
}

/** The week's regular picks as a whole: picks left out are cancelled, started games' picks stay. */
export type SetRegularPicks = { type: 'SetRegularPicks'; picks: readonly RequestedPick[] };
/** The week's one bonus pick, replacing an earlier one while its game is open. */
export type SetBonusPick = { type: 'SetBonusPick'; pick: RequestedPick };
/** One pick cancelled while its game is open; `betId` is the id its stored events carry. */
export type CancelPick = { type: 'CancelPick'; betId: string };
export type SlipCommand = SetRegularPicks | SetBonusPick | CancelPick;

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

/** The week's regular picks graded as far as their games are final: won minus lost points. */
export function regularSignedSum(state: SlipState, games: ReadonlyMap<number, GameFacts>): number {
  let sum = 0;
  for (const pick of state.picks.values()) {
    const game = games.get(pick.gameId);
    if (!pick.isBonus && game) sum += grade(pick, { ...game, status: game.status }).signedPoints;
  }
  return sum;
}
