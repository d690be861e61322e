// Closing a week (DESIGN §4): once its last game is over, every active player holding set bets who
// placed no regular bet that week gets one −50 penalty. The week's stream makes it happen once.
import { ConflictError } from '../errors.ts';
import type { GameStatus } from '../betting/slip.ts';
import { missedPicksPenalty } from './week-scores.ts';

export type WeekEvent =
  | { type: 'MissedPicksPenalized'; data: { userId: number; points: number } }
  | { type: 'WeekClosed'; data: { closedAt: string; penalized: number } };

export const weekStreamId = (clientId: number, sportId: number, weekId: number) => `week#${clientId}#${sportId}#${weekId}`;

export function parseWeekStreamId(streamId: string) {
  const match = /^week#(\d+)#(\d+)#(\d+)$/.exec(streamId);
  return match ? { clientId: Number(match[1]), sportId: Number(match[2]), weekId: Number(match[3]) } : undefined;
}

const over: readonly GameStatus[] = [2, 3, 4];

export interface CloseWeekInput {
  now: Date;
  alreadyClosed: boolean;
  gameStatuses: readonly GameStatus[];
  /** Active players of the client holding set bets. */
  players: readonly number[];
  /** Players with at least one regular bet standing in the week. */
  playersWithBets: ReadonlySet<number>;
}

export function decideCloseWeek({ now, alreadyClosed, gameStatuses, players, playersWithBets }: CloseWeekInput): WeekEvent[] {
  if (alreadyClosed) return [];
  if (gameStatuses.length === 0 || !gameStatuses.every((status) => over.includes(status))) {
    throw new ConflictError('The week is not over yet: some of its games have no final result', 'WEEK_NOT_OVER');
  }
  const missed = players.filter((userId) => !playersWithBets.has(userId));
  return [
    ...missed.map((userId) => ({ type: 'MissedPicksPenalized' as const, data: { userId, points: missedPicksPenalty } })),
    { type: 'WeekClosed', data: { closedAt: now.toISOString(), penalized: missed.length } },
  ];
}
