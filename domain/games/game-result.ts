// A game's outcome as events: one stream per game; a result is appended only when it changed.
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
export type GameEvent = GameResultRecorded;

/** The result a provider (or a correction) reports for the game. */
export type RecordResult = { type: 'RecordResult'; game: GameFacts; result: GameResult };

export interface GameContext {
  now: Date;
}

export const gameStreamId = (gameId: number) => `game#${gameId}`;

const sameResult = (a: GameResult, b: GameResult) =>
  a.status === b.status && a.homeScore === b.homeScore && a.awayScore === b.awayScore;

export const gameDecider: Decider<GameResult, RecordResult, GameEvent, GameContext> = {
  initialState: { status: GameStatus.Upcoming, homeScore: null, awayScore: null },

  evolve: (_state, { data: { status, homeScore, awayScore } }) => ({ status, homeScore, awayScore }),

  decide: ({ game, result }, current, { now }) =>
    sameResult(current, result)
      ? []
      : [{ type: 'GameResultRecorded', data: { ...game, ...result, recordedAt: now.toISOString() } }],
};
