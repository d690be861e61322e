// A game's life as events: one stream per game. A result is appended only when it changed; a kickoff
// moved within its week is appended once per move. While the game is under way its score, period and clock are
// GameScoreUpdated, appended only when one of them changed; grading reads only GameResultRecorded, so a live
// score never reaches a graded total. (A game moved out of its week is recorded postponed,
// which voids its bets, and the feed's game continues as a new game in the week it moved to.) The game's
// lines are events on the same stream (game-lines.ts).
import { GameStatus, isOpenForPicks, isOverStatus } from '../catalogue/game-status.ts';
import type { Decider, Event } from '../decider.ts';
import { ConflictError } from '../errors.ts';
import {
  evolveLines,
  lineChanged,
  type LineCommand,
  type LineEvent,
  type LineGame,
  type LineState,
  noLines,
  refuseInvalidLine,
} from './game-lines.ts';

export interface GameResult {
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
}

export interface GameFacts {
  gameId: number;
  sportId: number;
  weekId: number;
  homeTeamId: number;
  beginning: string;
}

export type GameResultRecorded = Event<'GameResultRecorded', GameFacts & GameResult & { recordedAt: string }>;
export type GameKickoffMoved = Event<
  'GameKickoffMoved',
  { gameId: number; sportId: number; weekId: number; from: string; to: string; movedAt: string }
>;
/** The score of a game under way, as the feed tells it now. */
export interface LiveScore {
  homeScore: number;
  awayScore: number;
  /** The period (quarter, inning) under way, when the feed says. */
  period: number | null;
  /** The clock as shown, e.g. "8:17 - 2nd" or "Halftime", when the feed says. */
  clock: string | null;
}
export type GameScoreUpdated = Event<
  'GameScoreUpdated',
  Pick<GameFacts, 'gameId' | 'sportId' | 'weekId' | 'homeTeamId'> &
    LiveScore & { status: typeof GameStatus.Live; updatedAt: string }
>;
export type GameEvent = GameResultRecorded | GameScoreUpdated | GameKickoffMoved | LineEvent;

/** The result a provider (or a correction) reports for the game. */
export type RecordResult = { type: 'RecordResult'; game: GameFacts; result: GameResult };
/** The feed moved the kickoff to another time of the same week. */
export type MoveKickoff = { type: 'MoveKickoff'; game: GameFacts; to: string };
/** The feed's score of the game under way. */
export type UpdateLiveScore = { type: 'UpdateLiveScore'; game: GameFacts; score: LiveScore };
export type GameCommand = RecordResult | UpdateLiveScore | MoveKickoff | LineCommand;

export interface GameState extends GameResult, LineState, Pick<LiveScore, 'period' | 'clock'> {
  /** The kickoff as last moved; before any move, the game's own. */
  beginning?: string;
}

export interface GameContext {
  now: Date;
}

export const gameStreamId = (gameId: number) => `game#${gameId}`;

/** Lines change only before kickoff: the game is upcoming and its kickoff (as last moved) is ahead. */
function refuseStarted(state: GameState, game: LineGame, now: Date) {
  if (!isOpenForPicks({ status: state.status, beginning: state.beginning ?? game.beginning }, now))
    throw new ConflictError(`The game ${game.gameId} has started; its spread can no longer change`, 'GAME_STARTED');
}

const sameResult = (a: GameResult, b: GameResult) =>
  a.status === b.status && a.homeScore === b.homeScore && a.awayScore === b.awayScore;

const sameLiveScore = (state: GameState, score: LiveScore) =>
  sameResult(state, { status: GameStatus.Live, ...score }) &&
  state.period === score.period &&
  state.clock === score.clock;

export const gameDecider: Decider<GameState, GameCommand, GameEvent, GameContext> = {
  initialState: {
    status: GameStatus.Upcoming,
    homeScore: null,
    awayScore: null,
    period: null,
    clock: null,
    ...noLines,
  },

  evolve: (state, event) => {
    if (event.type === 'GameKickoffMoved') return { ...state, beginning: event.data.to };
    if (event.type === 'GameScoreUpdated') {
      const { status, homeScore, awayScore, period, clock } = event.data;
      return { ...state, status, homeScore, awayScore, period, clock };
    }
    if (event.type !== 'GameResultRecorded') return { ...state, ...evolveLines(state, event) };
    const { status, homeScore, awayScore } = event.data;
    return { ...state, status, homeScore, awayScore, period: null, clock: null };
  },

  decide: (command, current, { now }) => {
    if (command.type === 'SetAffiliateLine') {
      const { game, affiliateId, homeLine } = command;
      if (current.affiliateLines.get(affiliateId) === homeLine) return [];
      const { gameId, sportId, weekId } = game;
      const at = now.toISOString();
      return [{ type: 'AffiliateLineSet', data: { gameId, sportId, weekId, affiliateId, homeLine, at } }];
    }
    if (command.type === 'SetManualLine') {
      const { game, affiliateId, homeLine, handicapId, actorId, actorClientId } = command;
      refuseStarted(current, game, now);
      refuseInvalidLine(homeLine);
      const inForce = current.manualLines.get(affiliateId);
      // The line asked for is in force (whatever id the page's item gave: a crash may have kept the item behind).
      if (inForce?.homeLine === homeLine) return [];
      // Made from an older read: another administrator's line since stays (unless it is the one asked for, above).
      if (command.madeFrom !== undefined && (inForce?.at ?? '') !== command.madeFrom) throw lineChanged(game.gameId);
      const at = now.toISOString();
      const data = { gameId: game.gameId, affiliateId, homeLine, handicapId, actorId, actorClientId, at };
      return [{ type: 'ManualLineSet', data }];
    }
    if (command.type === 'ClearManualLine') {
      const { game, affiliateId, handicapId, actorId, actorClientId } = command;
      // Reset already (asked again after a crash before its item), or replaced by a line of its own id since.
      const inForce = current.manualLines.get(affiliateId);
      if (inForce?.handicapId !== handicapId) return [];
      if (command.madeFrom !== undefined && inForce.at !== command.madeFrom) throw lineChanged(game.gameId);
      refuseStarted(current, game, now);
      const data = { gameId: game.gameId, affiliateId, handicapId, actorId, actorClientId, at: now.toISOString() };
      return [{ type: 'ManualLineCleared', data }];
    }
    if (command.type === 'MoveKickoff') {
      const { game, to } = command;
      const from = current.beginning ?? game.beginning;
      if (Date.parse(from) === Date.parse(to)) return [];
      const { gameId, sportId, weekId } = game;
      return [{ type: 'GameKickoffMoved', data: { gameId, sportId, weekId, from, to, movedAt: now.toISOString() } }];
    }
    if (command.type === 'UpdateLiveScore') {
      const { game, score } = command;
      // A live answer arriving after the result never reopens the game.
      if (isOverStatus(current.status) || sameLiveScore(current, score)) return [];
      const { gameId, sportId, weekId, homeTeamId } = game;
      const data = {
        gameId,
        sportId,
        weekId,
        homeTeamId,
        ...score,
        status: GameStatus.Live,
        updatedAt: now.toISOString(),
      };
      return [{ type: 'GameScoreUpdated', data }];
    }
    const { game, result } = command;
    return sameResult(current, result)
      ? []
      : [{ type: 'GameResultRecorded', data: { ...game, ...result, recordedAt: now.toISOString() } }];
  },
};
