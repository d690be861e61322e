// The slip's decider: pure decide/evolve; the clock and the game facts come in as inputs, so every rule
// here is the server's rule.
import { isOpenForPicks, isVoidStatus } from '../catalogue/game-status.ts';
import type { Decider } from '../decider.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { bonusPointsRange } from './bonus-day.ts';
import {
  betIdOf,
  emptySlip,
  fitsPointSlots,
  type GameFacts,
  hasSpread,
  lineFor,
  regularPoints,
  regularSignedSum,
  type RequestedPick,
  type SlipCommand,
  type SlipContext,
  type SlipEvent,
  type SlipState,
} from './slip.ts';

function evolve(state: SlipState, event: SlipEvent): SlipState {
  const picks = new Map(state.picks);
  switch (event.type) {
    case 'BetPlaced':
      picks.set(event.data.betId, event.data);
      break;
    case 'BetChanged': {
      const pick = picks.get(event.data.betId);
      if (pick)
        picks.set(pick.betId, { ...pick, teamId: event.data.teamId, points: event.data.points, line: event.data.line });
      break;
    }
    case 'BetCancelled':
      picks.delete(event.data.betId);
      break;
  }
  return { picks };
}

function decide(command: SlipCommand, state: SlipState, context: SlipContext): SlipEvent[] {
  switch (command.type) {
    case 'SetRegularPicks':
      return decideRegularPicks(command.picks, state, context);
    case 'SetBonusPick':
      return decideBonusPick(command.pick, state, context);
    case 'CancelPick':
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

/** A pick whose game has started; the refusal's details name the game. */
const startedText = 'That game has started: its pick can no longer change';

function decideRegularPicks(requested: readonly RequestedPick[], state: SlipState, context: SlipContext): SlipEvent[] {
  const { slip, now, games, actorId } = context;
  if (requested.length > regularPoints.length)
    throw new ValidationError('At most 5 regular picks a week', undefined, 'TOO_MANY_BETS');
  const gameIds = requested.map((pick) => pick.gameId);
  if (new Set(gameIds).size !== gameIds.length)
    throw new ValidationError('Only one pick per game', undefined, 'DUPLICATE_GAME');

  const current = [...state.picks.values()].filter((pick) => !pick.isBonus);
  const byGame = new Map(current.map((pick) => [pick.gameId, pick]));
  const lockedPicks = current.filter((pick) => !isOpenForPicks(gameOf(games, pick.gameId), now));
  const lockedGameIds = new Set(lockedPicks.map((pick) => pick.gameId));

  const events: SlipEvent[] = [];
  const finalPoints = lockedPicks.map((pick) => pick.points);
  for (const wanted of requested) {
    const existing = byGame.get(wanted.gameId);
    if (lockedGameIds.has(wanted.gameId)) {
      if (existing && (existing.teamId !== wanted.teamId || existing.points !== wanted.points)) {
        throw new ConflictError(startedText, 'GAME_STARTED', { gameId: wanted.gameId });
      }
      continue;
    }
    finalPoints.push(wanted.points);
    if (existing && existing.teamId === wanted.teamId && existing.points === wanted.points) continue;
    if (!existing) refuseSecondPick(state, wanted.gameId);

    const game = pickableGame(wanted, context, 'regular', existing !== undefined);
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
  for (const pick of current) {
    if (!kept.has(pick.gameId) && !lockedGameIds.has(pick.gameId)) {
      events.push({
        type: 'BetCancelled',
        data: { betId: pick.betId, gameId: pick.gameId, cancelledAt: now.toISOString(), actorId },
      });
    }
  }
  return events;
}

function decideBonusPick(wanted: RequestedPick, state: SlipState, context: SlipContext): SlipEvent[] {
  const { slip, now, games, actorId } = context;
  const current = [...state.picks.values()].find((pick) => pick.isBonus);
  // The pick the slip holds is done, whatever has changed since (a retry, a second device): as for regular picks.
  if (current?.gameId === wanted.gameId && current.teamId === wanted.teamId && current.points === wanted.points)
    return [];
  if (!context.isBonusDay) throw new ConflictError('Bonus picks are open only on bonus days', 'NOT_BONUS_DAY');
  const currentGame = current && gameOf(games, current.gameId);
  if (currentGame && !isOpenForPicks(currentGame, now)) {
    throw new ConflictError(
      isVoidStatus(currentGame.status)
        ? 'You have chosen the game: this week’s bonus pick is on a game called off, counts no points and can no longer change'
        : 'You have chosen the game: this week’s bonus pick has started and can no longer change',
      'BONUS_LOCKED',
    );
  }
  if (current?.gameId !== wanted.gameId) refuseSecondPick(state, wanted.gameId);
  const game = pickableGame(wanted, context, 'bonus', current?.gameId === wanted.gameId);
  const { min, max } = bonusPointsRange(regularSignedSum(state, games));
  if (!Number.isInteger(wanted.points) || wanted.points < min || wanted.points > max) {
    throw new ValidationError(
      `The bonus bet is at least ${min} and at most ${max} points`,
      { min, max },
      'BONUS_POINTS',
    );
  }
  const line = quotedLine(game, wanted);

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
  const pick = state.picks.get(betId);
  if (!pick) throw new ConflictError('This bet does not exist or was already cancelled', 'BET_NOT_FOUND');
  if (!isOpenForPicks(gameOf(games, pick.gameId), now)) {
    throw new ConflictError(startedText, 'GAME_STARTED', { gameId: pick.gameId });
  }
  return [{ type: 'BetCancelled', data: { betId, gameId: pick.gameId, cancelledAt: now.toISOString(), actorId } }];
}

function gameOf(games: ReadonlyMap<number, GameFacts>, gameId: number): GameFacts {
  const game = games.get(gameId);
  if (!game) throw new ValidationError(`Unknown game ${gameId}`, undefined, 'UNKNOWN_GAME');
  return game;
}

/** Whether a pick is a regular one (regular pick days) or the bonus pick (bonus days). */
type PickKind = 'regular' | 'bonus';

/**
 * A game takes one pick: one holding the other kind of pick (its day moved to or from a bonus day since) is refused,
 * as the pick's id is the game's and a second pick would overwrite the first.
 */
function refuseSecondPick(state: SlipState, gameId: number): void {
  const held = [...state.picks.values()].find((pick) => pick.gameId === gameId);
  if (!held) return;
  throw new ConflictError(
    held.isBonus
      ? 'Your bonus pick is on this game: a game takes one pick'
      : 'Your regular pick is on this game: a game takes one pick',
    'GAME_ALREADY_PICKED',
  );
}

/**
 * The game a new or changed pick is on, checked. A pick the slip already holds on it (`held`) keeps its kind: changed
 * after its game moved to or from a bonus day, it stays the regular or bonus pick it is.
 */
function pickableGame(
  wanted: RequestedPick,
  { slip, now, games, weekIsCurrent }: SlipContext,
  kind: PickKind,
  held = false,
): GameFacts {
  const game = gameOf(games, wanted.gameId);
  if (game.sportId !== slip.sportId || game.weekId !== slip.weekId) {
    throw new ValidationError(`The game ${game.id} is not in the selected week`, undefined, 'WRONG_WEEK');
  }
  if (!weekIsCurrent) throw new ConflictError('Picks are open only for the current week', 'WEEK_NOT_CURRENT');
  if (wanted.teamId !== game.homeTeamId && wanted.teamId !== game.awayTeamId) {
    throw new ValidationError(`The team ${wanted.teamId} does not play in game ${game.id}`, undefined, 'UNKNOWN_TEAM');
  }
  if (!isOpenForPicks(game, now)) throw new ConflictError("You can't place a bet on that game", 'GAME_STARTED');
  if (!held && kind === 'regular' && !game.onRegularDay) {
    throw new ValidationError('Regular picks are only for games on regular pick days', undefined, 'BONUS_DAY_GAME');
  }
  if (!held && kind === 'bonus' && game.onRegularDay) {
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
function quotedLine(game: GameFacts, wanted: RequestedPick): number {
  const line = lineFor(game, wanted.teamId)!;
  if (wanted.pointSpread !== undefined && wanted.pointSpread !== line) {
    throw new ConflictError(`The spread for this game has changed to ${line}`, 'SPREAD_CHANGED', {
      gameId: game.id,
      pointSpread: line,
    });
  }
  return line;
}
