// A game's outcome as events: one stream per game; a result is appended only when it changed.
import type { GameStatus } from '../catalogue/game-status.ts';

export interface GameResult { status: GameStatus; homeScore: number | null; awayScore: number | null }

export interface GameFacts { gameId: number; sportId: number; weekId: number; homeTeamId: number; beginning: string }

export type GameEvent = { type: 'GameResultRecorded'; data: GameFacts & GameResult & { recordedAt: string } };

export const gameStreamId = (gameId: number) => `game#${gameId}`;

export const sameResult = (a: GameResult, b: GameResult) => a.status === b.status && a.homeScore === b.homeScore && a.awayScore === b.awayScore;

export function decideResult(current: GameResult, reported: GameResult, game: GameFacts, now: Date): GameEvent[] {
  return sameResult(current, reported) ? [] : [{ type: 'GameResultRecorded', data: { ...game, ...reported, recordedAt: now.toISOString() } }];
}
