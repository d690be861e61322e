import { describe, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import {
  type CloseWeek,
  maxEventsPerCommit,
  type WeekContext,
  weekDecider,
  type WeekEvent,
  type WeekPlayer,
} from '#domain/scoring/close-week.ts';
import { specFor } from '../support/decider-spec.ts';

const now = new Date('2026-11-25T12:00:00Z');
const weekBegins = '2026-11-18T05:00:00.000Z';
const member = (userId: number, memberSince = '2026-09-01T12:00:00.000Z'): WeekPlayer => ({ userId, memberSince });
const context: WeekContext = {
  now,
  weekBegins,
  gameStatuses: [GameStatus.Finished, GameStatus.Finished, GameStatus.Canceled],
  players: [member(1), member(2), member(3)],
  playersWithRegularPicks: new Set([2]),
  hadRegularGame: true,
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

  it('penalizes nobody in a week whose games all fell on bonus days: no regular pick could be made', () => {
    given()
      .when(close, { hadRegularGame: false })
      .then([closed(0)]);
  });

  it('penalizes only players who were members when the week began: joining during the week costs nothing', () => {
    given()
      .when(close, {
        players: [member(1, weekBegins), member(2, '2026-11-20T15:00:00.000Z'), member(3, '2026-11-26T09:00:00.000Z')],
        playersWithRegularPicks: new Set(),
      })
      .then([penalized(1)]);
    given(penalized(1))
      .when(close, { players: [member(1), member(2, '2026-11-18T05:00:00.001Z')], playersWithRegularPicks: new Set() })
      .then([closed(1)]);
  });

  it('closes once every game is over, at once when everyone picked', () => {
    given()
      .when(close, { playersWithRegularPicks: new Set([1, 2, 3]) })
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
    const many = {
      players: range(1, 2500).map((userId) => member(userId)),
      playersWithRegularPicks: new Set<number>(),
    };
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
      .when(close, { players: [member(4)] })
      .thenNothingHappens();
  });
});
