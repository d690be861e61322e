// Closing a week: once its last game is over, every active player holding set bets who was a member
// of the client when the week began and placed no regular bet that week gets one −50 penalty
// (docs/rules.md, Missed picks). The week's stream makes it happen once.
import type { Decider, Event } from '../decider.ts';
import { ConflictError } from '../errors.ts';
import { type GameStatus, isOverStatus } from '../catalogue/game-status.ts';
import { missedPicksPenalty } from './week-scores.ts';

export type MissedPicksPenalized = Event<'MissedPicksPenalized', { userId: number; points: number }>;
export type WeekClosed = Event<'WeekClosed', { closedAt: string; penalized: number }>;
export type WeekEvent = MissedPicksPenalized | WeekClosed;

/** Close the week; a large one takes several commits, so repeat until nothing more is appended. */
export type CloseWeek = { type: 'CloseWeek' };

/** A player who may owe the penalty, and since when they are a member of the client (UTC ISO). */
export interface WeekPlayer {
  userId: number;
  memberSince: string;
}

export interface WeekContext {
  now: Date;
  /** UTC ISO instant of the week's first moment. */
  weekBegins: string;
  gameStatuses: readonly GameStatus[];
  /** Active players of the client holding set bets. */
  players: readonly WeekPlayer[];
  /** Players with at least one regular bet standing in the week. */
  playersWithBets: ReadonlySet<number>;
}

export const weekStreamId = (clientId: number, sportId: number, weekId: number) =>
  `week#${clientId}#${sportId}#${weekId}`;

export function parseWeekStreamId(streamId: string) {
  const match = /^week#(\d+)#(\d+)#(\d+)$/.exec(streamId);
  return match ? { clientId: Number(match[1]), sportId: Number(match[2]), weekId: Number(match[3]) } : undefined;
}

/** What the week's stream says so far. */
export interface WeekState {
  closed: boolean;
  penalized: ReadonlySet<number>;
}

/** Events per commit: a commit is one DynamoDB item, which holds at most 400 kB. */
export const maxEventsPerCommit = 1000;

/** A player who joined after the week began owes nothing for it. */
const wasMemberAt = (player: WeekPlayer, instant: string) => Date.parse(player.memberSince) <= Date.parse(instant);

/**
 * The next commit of closing the week: penalties for players who missed it and were not penalized
 * yet, at most maxEventsPerCommit of them, and WeekClosed once none remain; nothing once closed.
 */
export const weekDecider: Decider<WeekState, CloseWeek, WeekEvent, WeekContext> = {
  initialState: { closed: false, penalized: new Set() },

  evolve: (state, event) =>
    event.type === 'WeekClosed'
      ? { ...state, closed: true }
      : { ...state, penalized: new Set([...state.penalized, event.data.userId]) },

  decide(_command, state, { now, weekBegins, gameStatuses, players, playersWithBets }) {
    if (state.closed) return [];
    if (gameStatuses.length === 0 || !gameStatuses.every(isOverStatus)) {
      throw new ConflictError('The week is not over yet: some of its games have no final result', 'WEEK_NOT_OVER');
    }
    const missed = players
      .filter((player) => wasMemberAt(player, weekBegins))
      .map((player) => player.userId)
      .filter((userId) => !playersWithBets.has(userId) && !state.penalized.has(userId));
    if (missed.length > 0) {
      return missed
        .slice(0, maxEventsPerCommit)
        .map((userId) => ({ type: 'MissedPicksPenalized', data: { userId, points: missedPicksPenalty } }));
    }
    return [{ type: 'WeekClosed', data: { closedAt: now.toISOString(), penalized: state.penalized.size } }];
  },
};
