// A game's life as events: one stream per game. A result is appended only when it changed; a kickoff
// moved within its week is appended once per move. (A game moved out of its week is recorded postponed,
// which voids its bets, and the feed's game continues as a new game in the week it moved to.)
import { GameStatus } from '../catalogue/game-status.ts';
import type { Decider, Event } from '../decider.ts';

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
export type GameEvent = GameResultRecorded | GameKickoffMoved;

/** The result a provider (or a correction) reports for the game. */
export type RecordResult = { type: 'RecordResult'; game: GameFacts; result: GameResult };
/** The feed moved the kickoff to another time of the same week. */
export type MoveKickoff = { type: 'MoveKickoff'; game: GameFacts; to: string };
export type GameCommand = RecordResult | MoveKickoff;

export interface GameState extends GameResult {
  /** The kickoff as last moved; before any move, the game's own. */
  beginning?: string;
}

export interface GameContext {
  now: Date;
}

export const gameStreamId = (gameId: number) => `game#${gameId}`;

const sameResult = (a: GameResult, b: GameResult) =>
  a.status === b.status && a.homeScore === b.homeScore && a.awayScore === b.awayScore;

export const gameDecider: Decider<GameState, GameCommand, GameEvent, GameContext> = {
  initialState: { status: GameStatus.Upcoming, homeScore: null, awayScore: null },

  evolve: (state, event) => {
    if (event.type === 'GameKickoffMoved') return { ...state, beginning: event.data.to };
    const { status, homeScore, awayScore } = event.data;
    return { ...state, status, homeScore, awayScore };
  },

  decide: (command, current, { now }) => {
    if (command.type === 'MoveKickoff') {
      const { game, to } = command;
      const from = current.beginning ?? game.beginning;
      if (Date.parse(from) === Date.parse(to)) return [];
      const { gameId, sportId, weekId } = game;
      return [{ type: 'GameKickoffMoved', data: { gameId, sportId, weekId, from, to, movedAt: now.toISOString() } }];
    }
    const { game, result } = command;
    return sameResult(current, result)
      ? []
      : [{ type: 'GameResultRecorded', data: { ...game, ...result, recordedAt: now.toISOString() } }];
  },
};
