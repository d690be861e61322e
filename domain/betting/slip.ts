// The bet slip: one event stream per (client, user, sport, week). Pure decide/evolve; the clock
// and the game facts come in as inputs, so every rule here is the server's rule.
import { type GameStatus, isOpenForBets } from '../catalogue/game-status.ts';
import type { Decider, Event } from '../decider.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { bonusPointsRange } from './bonus-day.ts';
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

function evolve(state: SlipState, event: SlipEvent): SlipState {
  const bets = new Map(state.bets);
  switch (event.type) {
    case 'BetPlaced':
      bets.set(event.data.betId, event.data);
      break;
    case 'BetChanged': {
      const bet = bets.get(event.data.betId);
      if (bet)
        bets.set(bet.betId, { ...bet, teamId: event.data.teamId, points: event.data.points, line: event.data.line });
      break;
    }
    case 'BetCancelled':
      bets.delete(event.data.betId);
      break;
  }
  return { bets };
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

function decide(command: SlipCommand, state: SlipState, context: SlipContext): SlipEvent[] {
  switch (command.type) {
    case 'SetRegularBets':
      return decideRegularBets(command.bets, state, context);
    case 'SetBonusBet':
      return decideBonusBet(command.bet, state, context);
    case 'CancelBet':
      return decideCancel(command.betId, state, context);
    default: {
      const unknown: never = command;
      throw new ValidationError(`Unknown command ${(unknown as { type: string }).type}`, undefined, 'UNKNOWN_COMMAND');
    }
  }
}

export const slipDecider: Decider<SlipState, SlipCommand, SlipEvent, SlipContext> = {
  initialState: emptySlip,
  evolve,
  decide,
};

function decideRegularBets(requested: readonly RequestedBet[], state: SlipState, context: SlipContext): SlipEvent[] {
  const { slip, now, games, actorId } = context;
  if (requested.length > regularPoints.length)
    throw new ValidationError('At most 5 regular picks a week', undefined, 'TOO_MANY_BETS');
  const gameIds = requested.map((bet) => bet.gameId);
  if (new Set(gameIds).size !== gameIds.length)
    throw new ValidationError('Only one pick per game', undefined, 'DUPLICATE_GAME');

  const current = [...state.bets.values()].filter((bet) => !bet.isBonus);
  const byGame = new Map(current.map((bet) => [bet.gameId, bet]));
  const lockedBets = current.filter((bet) => !isOpenForBets(gameOf(games, bet.gameId), now));
  const lockedGameIds = new Set(lockedBets.map((bet) => bet.gameId));

  const events: SlipEvent[] = [];
  const finalPoints = lockedBets.map((bet) => bet.points);
  for (const wanted of requested) {
    const existing = byGame.get(wanted.gameId);
    if (lockedGameIds.has(wanted.gameId)) {
      if (existing && (existing.teamId !== wanted.teamId || existing.points !== wanted.points)) {
        throw new ConflictError(`The game ${wanted.gameId} has started; its pick can no longer change`, 'GAME_STARTED');
      }
      continue;
    }
    finalPoints.push(wanted.points);
    if (existing && existing.teamId === wanted.teamId && existing.points === wanted.points) continue;

    const game = pickableGame(wanted, context, 'regular');
    const line = quotedLine(game, wanted);
    const betId = betIdOf(slip.userId, game.id);
    events.push(
      existing
        ? {
            type: 'BetChanged',
            data: {
              betId,
              gameId: game.id,
              teamId: wanted.teamId,
              points: wanted.points,
              line,
              changedAt: now.toISOString(),
              actorId,
            },
          }
        : {
            type: 'BetPlaced',
            data: {
              betId,
              gameId: game.id,
              teamId: wanted.teamId,
              points: wanted.points,
              line,
              isBonus: false,
              placedAt: now.toISOString(),
              actorId,
            },
          },
    );
  }
  if (!fitsPointSlots(finalPoints)) {
    throw new ValidationError(
      'Each week has one 20-point, two 10-point and two 5-point picks; a points value already used cannot be used again',
      undefined,
      'POINTS_USED',
    );
  }

  const kept = new Set(gameIds);
  for (const bet of current) {
    if (!kept.has(bet.gameId) && !lockedGameIds.has(bet.gameId)) {
      events.push({
        type: 'BetCancelled',
        data: { betId: bet.betId, gameId: bet.gameId, cancelledAt: now.toISOString(), actorId },
      });
    }
  }
  return events;
}

function decideBonusBet(wanted: RequestedBet, state: SlipState, context: SlipContext): SlipEvent[] {
  const { slip, now, games, actorId } = context;
  if (!context.isBonusDay) throw new ConflictError('Bonus picks are open only on bonus days', 'NOT_BONUS_DAY');
  const current = [...state.bets.values()].find((bet) => bet.isBonus);
  if (current && !isOpenForBets(gameOf(games, current.gameId), now)) {
    throw new ConflictError(
      'You have chosen the game: this week’s bonus pick has started and can no longer change',
      'BONUS_LOCKED',
    );
  }
  const game = pickableGame(wanted, context, 'bonus');
  const { min, max } = bonusPointsRange(regularSignedSum(state, games));
  if (!Number.isInteger(wanted.points) || wanted.points < min || wanted.points > max) {
    throw new ValidationError(
      `The bonus bet is at least ${min} and at most ${max} points`,
      { min, max },
      'BONUS_POINTS',
    );
  }
  const line = quotedLine(game, wanted);
  if (current && current.gameId === game.id && current.teamId === wanted.teamId && current.points === wanted.points)
    return [];

  const betId = betIdOf(slip.userId, game.id);
  const at = now.toISOString();
  if (current && current.gameId === game.id) {
    return [
      {
        type: 'BetChanged',
        data: { betId, gameId: game.id, teamId: wanted.teamId, points: wanted.points, line, changedAt: at, actorId },
      },
    ];
  }
  return [
    ...(current
      ? [
          {
            type: 'BetCancelled' as const,
            data: { betId: current.betId, gameId: current.gameId, cancelledAt: at, actorId },
          },
        ]
      : []),
    {
      type: 'BetPlaced',
      data: {
        betId,
        gameId: game.id,
        teamId: wanted.teamId,
        points: wanted.points,
        line,
        isBonus: true,
        placedAt: at,
        actorId,
      },
    },
  ];
}

function decideCancel(betId: string, state: SlipState, { games, now, actorId }: SlipContext): SlipEvent[] {
  const bet = state.bets.get(betId);
  if (!bet) throw new ConflictError('This bet does not exist or was already cancelled', 'BET_NOT_FOUND');
  if (!isOpenForBets(gameOf(games, bet.gameId), now)) {
    throw new ConflictError(`The game ${bet.gameId} has started; its pick can no longer change`, 'GAME_STARTED');
  }
  return [{ type: 'BetCancelled', data: { betId, gameId: bet.gameId, cancelledAt: now.toISOString(), actorId } }];
}

function gameOf(games: ReadonlyMap<number, GameFacts>, gameId: number): GameFacts {
  const game = games.get(gameId);
  if (!game) throw new ValidationError(`Unknown game ${gameId}`, undefined, 'UNKNOWN_GAME');
  return game;
}

/** Whether a pick is a regular one (regular pick days) or the bonus pick (bonus days). */
type PickKind = 'regular' | 'bonus';

/** The rules every new or changed pick meets, regular or bonus; only the day its game falls on differs. */
function pickableGame(
  wanted: RequestedBet,
  { slip, now, games, weekIsCurrent }: SlipContext,
  kind: PickKind,
): GameFacts {
  const game = gameOf(games, wanted.gameId);
  if (game.sportId !== slip.sportId || game.weekId !== slip.weekId) {
    throw new ValidationError(`The game ${game.id} is not in the selected week`, undefined, 'WRONG_WEEK');
  }
  if (!weekIsCurrent) throw new ConflictError('Picks are open only for the current week', 'WEEK_NOT_CURRENT');
  if (wanted.teamId !== game.homeTeamId && wanted.teamId !== game.awayTeamId) {
    throw new ValidationError(`The team ${wanted.teamId} does not play in game ${game.id}`, undefined, 'UNKNOWN_TEAM');
  }
  if (!isOpenForBets(game, now)) throw new ConflictError("You can't place a bet on that game", 'GAME_STARTED');
  if (kind === 'regular' && !game.onRegularDay) {
    throw new ValidationError('Regular picks are only for games on regular pick days', undefined, 'BONUS_DAY_GAME');
  }
  if (kind === 'bonus' && game.onRegularDay) {
    throw new ValidationError(
      'Non-bonus games day: bonus picks are only for games on bonus days',
      undefined,
      'NOT_BONUS_GAME',
    );
  }
  if (!hasSpread(game.homeLine)) throw new ValidationError('No Spread For The Game', undefined, 'NO_SPREAD');
  return game;
}

/** The picked team's line, refused when the client saw another one. */
function quotedLine(game: GameFacts, wanted: RequestedBet): number {
  const line = lineFor(game, wanted.teamId)!;
  if (wanted.pointSpread !== undefined && wanted.pointSpread !== line) {
    throw new ConflictError(`The spread for this game has changed to ${line}`, 'SPREAD_CHANGED', {
      gameId: game.id,
      pointSpread: line,
    });
  }
  return line;
}
