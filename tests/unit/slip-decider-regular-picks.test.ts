// The slip decider on the week's five regular picks: placed, changed and cancelled at today's line, and every
// pick it refuses.
import { describe, it } from 'vitest';
import { at, given, placed, placedNow, set } from './support/slip-spec.ts';

describe('setting the week’s regular picks', () => {
  it('places five picks using each slot once, freezing the picked team’s line (away team gets the opposite sign)', () => {
    given()
      .when(set([1, 10, 20], [2, 21, 10], [3, 30, 10], [4, 40, 5], [5, 51, 5]))
      .then([
        {
          type: 'BetPlaced',
          data: {
            betId: '7-1',
            gameId: 1,
            teamId: 10,
            points: 20,
            line: -3.5,
            isBonus: false,
            placedAt: at,
            actorId: 7,
          },
        },
        {
          type: 'BetPlaced',
          data: {
            betId: '7-2',
            gameId: 2,
            teamId: 21,
            points: 10,
            line: 3.5,
            isBonus: false,
            placedAt: at,
            actorId: 7,
          },
        },
        {
          type: 'BetPlaced',
          data: {
            betId: '7-3',
            gameId: 3,
            teamId: 30,
            points: 10,
            line: -3.5,
            isBonus: false,
            placedAt: at,
            actorId: 7,
          },
        },
        {
          type: 'BetPlaced',
          data: {
            betId: '7-4',
            gameId: 4,
            teamId: 40,
            points: 5,
            line: -3.5,
            isBonus: false,
            placedAt: at,
            actorId: 7,
          },
        },
        {
          type: 'BetPlaced',
          data: { betId: '7-5', gameId: 5, teamId: 51, points: 5, line: 3.5, isBonus: false, placedAt: at, actorId: 7 },
        },
      ]);
  });

  it('records who acted when a third party places the pick', () => {
    given()
      .when(set([1, 10, 20]), { actorId: 99 })
      .then([placedNow(1, 10, 20, -3.5, 99)]);
  });

  it('resending the slip unchanged appends nothing, so the frozen line stays', () => {
    given(placed(1, 10, 20, -2.5))
      .when(set([1, 10, 20]))
      .thenNothingHappens();
  });

  it('changing team or points is a BetChanged at today’s line', () => {
    given(placed(1, 10, 20, -2.5))
      .when(set([1, 11, 10]))
      .then([
        {
          type: 'BetChanged',
          data: { betId: '7-1', gameId: 1, teamId: 11, points: 10, line: 3.5, changedAt: at, actorId: 7 },
        },
      ]);
  });

  it('a pick left out of the resent list is cancelled', () => {
    given(placed(1, 10, 20), placed(2, 20, 10))
      .when(set([1, 10, 20]))
      .then([{ type: 'BetCancelled', data: { betId: '7-2', gameId: 2, cancelledAt: at, actorId: 7 } }]);
  });

  it('a started game’s pick is kept when the client leaves it out', () => {
    given(placed(7, 70, 20))
      .when(set([1, 10, 10]))
      .then([
        {
          type: 'BetPlaced',
          data: {
            betId: '7-1',
            gameId: 1,
            teamId: 10,
            points: 10,
            line: -3.5,
            isBonus: false,
            placedAt: at,
            actorId: 7,
          },
        },
      ]);
  });

  it('a started game’s pick can never change, whatever the client sends', () => {
    given(placed(7, 70, 20))
      .when(set([7, 71, 20]))
      .thenRefuses('GAME_STARTED');
  });

  it('points of a started game’s pick stay used', () => {
    given(placed(7, 70, 20))
      .when(set([1, 10, 20]))
      .thenRefuses('POINTS_USED');
  });

  it('refuses a sixth regular pick', () => {
    given()
      .when(set([1, 10, 20], [2, 20, 10], [3, 30, 10], [4, 40, 5], [5, 50, 5], [6, 60, 5]))
      .thenRefuses('TOO_MANY_BETS');
  });

  it('refuses a points value already used by another pick of the week', () => {
    given(placed(1, 10, 20))
      .when(set([1, 10, 20], [2, 20, 20]))
      .thenRefuses('POINTS_USED');
  });

  it('refuses points that are not a slot', () => {
    given()
      .when(set([1, 10, 15]))
      .thenRefuses('POINTS_USED');
  });

  it('refuses two picks on one game', () => {
    given()
      .when(set([1, 10, 20], [1, 11, 10]))
      .thenRefuses('DUPLICATE_GAME');
  });

  it('refuses a game that has begun, even if its status still says upcoming', () => {
    given()
      .when(set([7, 70, 20]))
      .thenRefuses('GAME_STARTED', /can't place a bet/);
  });

  it('refuses a finished game', () => {
    given()
      .when(set([12, 120, 20]))
      .thenRefuses('GAME_STARTED');
  });

  it('accepts a game whose status is undefined (6) while it is in the future', () => {
    given()
      .when(set([13, 130, 20]))
      .then([placedNow(13, 130, 20, -3.5)]);
  });

  it('refuses games without a spread (0 and 0.0001)', () => {
    given()
      .when(set([8, 80, 20]))
      .thenRefuses('NO_SPREAD');
    given()
      .when(set([9, 90, 20]))
      .thenRefuses('NO_SPREAD');
  });

  it('refuses a stale spread and tells the current line', () => {
    given()
      .when(set([2, 21, 20, -3.5]))
      .thenRefuses('SPREAD_CHANGED', /changed to 3.5/);
  });

  it('accepts the spread the client saw when it is still the line', () => {
    given()
      .when(set([2, 21, 20, 3.5]))
      .then([placedNow(2, 21, 20, 3.5)]);
  });

  it('refuses a regular pick on a bonus-day game', () => {
    given()
      .when(set([10, 100, 20]))
      .thenRefuses('BONUS_DAY_GAME');
  });

  it('changes a regular pick whose game moved to a bonus day since: the pick keeps its kind', () => {
    given(placed(10, 100, 20))
      .when(set([10, 101, 10]))
      .then([
        {
          type: 'BetChanged',
          data: { betId: '7-10', gameId: 10, teamId: 101, points: 10, line: 3.5, changedAt: at, actorId: 7 },
        },
      ]);
  });

  it('refuses a game of another week', () => {
    given()
      .when(set([11, 110, 20]))
      .thenRefuses('WRONG_WEEK');
  });

  it('refuses picks for a week that is not the current one', () => {
    given()
      .when(set([1, 10, 20]), { weekIsCurrent: false })
      .thenRefuses('WEEK_NOT_CURRENT');
  });

  it('refuses a team that does not play in the game', () => {
    given()
      .when(set([1, 999, 20]))
      .thenRefuses('UNKNOWN_TEAM');
  });

  it('refuses an unknown game', () => {
    given()
      .when(set([404, 1, 20]))
      .thenRefuses('UNKNOWN_GAME');
  });
});
