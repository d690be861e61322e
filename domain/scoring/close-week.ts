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
  /** Players with at least one regular pick standing in the week. */
  playersWithRegularPicks: ReadonlySet<number>;
  /** Whether a regular pick could go on a game of the week: one was played on a regular pick day of the client. */
  hadRegularGame: boolean;
}

export const weekStreamId = (clientId: number, sportId: number, weekId: number) =>
  `week#${clientId}#${sportId}#${weekId}`;

export function parseWeekStreamId(streamId: string) {
  const match = /^week#(\d+)#(\d+)#(\d+)$/.exec(streamId);
  return match ? { clientId: Number(match[1]), sportId: Number(match[2]), weekId: Number(match[3]) } : undefined;
}

/** The players penalized so far, newest first: a chain, so a penalty folds in constant time (a week may have thousands). */
interface PenalizedChain {
  userId: number;
  before: PenalizedChain | undefined;
}

/** What the week's stream says so far. */
export interface WeekState {
  closed: boolean;
  penalizedCount: number;
  penalized: PenalizedChain | undefined;
}

function penalizedIds(state: WeekState) {
  const ids = new Set<number>();
  for (let link = state.penalized; link; link = link.before) ids.add(link.userId);
  return ids;
}

/** Events per commit: a commit is one DynamoDB item, which holds at most 400 kB. */
export const maxEventsPerCommit = 1000;

/** A week is over once it has games and every one of them has its final result (or was canceled or postponed). */
export const isWeekOver = (gameStatuses: readonly GameStatus[]) =>
  gameStatuses.length > 0 && gameStatuses.every(isOverStatus);

export const weekNotOver = () =>
  new ConflictError('The week is not over yet: some of its games have no final result', 'WEEK_NOT_OVER');

/** A player who joined after the week began owes nothing for it. */
const wasMemberAt = (player: WeekPlayer, instant: string) => Date.parse(player.memberSince) <= Date.parse(instant);

/**
 * The next commit of closing the week: penalties for players who missed it and were not penalized
 * yet, at most maxEventsPerCommit of them, and WeekClosed once none remain; nothing once closed.
 */
export const weekDecider: Decider<WeekState, CloseWeek, WeekEvent, WeekContext> = {
  initialState: { closed: false, penalizedCount: 0, penalized: undefined },

  evolve: (state, event) =>
    event.type === 'WeekClosed'
      ? { ...state, closed: true }
      : {
          ...state,
          penalizedCount: state.penalizedCount + 1,
          penalized: { userId: event.data.userId, before: state.penalized },
        },

  decide(_command, state, { now, weekBegins, gameStatuses, players, playersWithRegularPicks, hadRegularGame }) {
    if (state.closed) return [];
    if (!isWeekOver(gameStatuses)) throw weekNotOver();
    const already = penalizedIds(state);
    // A week whose games all fell on bonus days (a season opening on a Tuesday) left no regular pick to miss.
    const missed = players
      .filter((player) => hadRegularGame && wasMemberAt(player, weekBegins))
      .map((player) => player.userId)
      .filter((userId) => !playersWithRegularPicks.has(userId) && !already.has(userId));
    if (missed.length > 0) {
      return missed
        .slice(0, maxEventsPerCommit)
        .map((userId) => ({ type: 'MissedPicksPenalized', data: { userId, points: missedPicksPenalty } }));
    }
    return [{ type: 'WeekClosed', data: { closedAt: now.toISOString(), penalized: state.penalizedCount } }];
  },
};
