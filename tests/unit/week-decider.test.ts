import { describe, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import {
  type CloseWeek,
  maxEventsPerCommit,
  type WeekContext,
  weekDecider,
  type WeekEvent,
} from '#domain/scoring/close-week.ts';
import { specFor } from '../support/decider-spec.ts';

const now = new Date('2026-11-25T12:00:00Z');
const context: WeekContext = {
  now,
  gameStatuses: [GameStatus.Finished, GameStatus.Finished, GameStatus.Canceled],
  players: [1, 2, 3],
  playersWithBets: new Set([2]),
};
const { given } = specFor(weekDecider, context);

const close: CloseWeek = { type: 'CloseWeek' };
const penalized = (userId: number): WeekEvent => ({ type: 'MissedPicksPenalized', data: { userId, points: -50 } });
const closed = (count: number): WeekEvent => ({
  type: 'WeekClosed',
  data: { closedAt: now.toISOString(), penalized: count },
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('closing a week', () => {
  it('penalizes every active player without a regular bet once, then closes', () => {
    given()
      .when(close)
      .then([penalized(1), penalized(3)]);
    given(penalized(1), penalized(3))
      .when(close)
      .then([closed(2)]);
  });

  it('closes once every game is over, at once when everyone picked', () => {
    given()
      .when(close, { playersWithBets: new Set([1, 2, 3]) })
      .then([closed(0)]);
  });

  it('refuses while a game of the week is not over', () => {
    given()
      .when(close, { gameStatuses: [GameStatus.Finished, GameStatus.Live] })
      .thenRefuses('WEEK_NOT_OVER', /not over yet/);
    given()
      .when(close, { gameStatuses: [GameStatus.Finished, GameStatus.Upcoming] })
      .thenRefuses('WEEK_NOT_OVER');
  });

  it('refuses a week without games', () => {
    given().when(close, { gameStatuses: [] }).thenRefuses('WEEK_NOT_OVER');
  });

  it('resumes after a partial close without penalizing anyone twice', () => {
    given(penalized(1))
      .when(close)
      .then([penalized(3)]);
  });

  it('splits penalties into commits of at most 1,000 events, so no commit outgrows a DynamoDB item', () => {
    const many = { players: range(1, 2500), playersWithBets: new Set<number>() };
    given().when(close, many).then(range(1, maxEventsPerCommit).map(penalized));
    given(...range(1, 1000).map(penalized))
      .when(close, many)
      .then(range(1001, 2000).map(penalized));
    given(...range(1, 2000).map(penalized))
      .when(close, many)
      .then(range(2001, 2500).map(penalized));
    given(...range(1, 2500).map(penalized))
      .when(close, many)
      .then([closed(2500)]);
  });

  it('does nothing for a week already closed', () => {
    given(penalized(1), penalized(3), closed(2)).when(close).thenNothingHappens();
    given(closed(0))
      .when(close, { players: [4] })
      .thenNothingHappens();
  });
});
