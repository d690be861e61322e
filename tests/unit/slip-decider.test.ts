import { describe, it } from 'vitest';
import { type GameFacts, type SlipCommand, type SlipContext, type SlipEvent } from '#domain/betting/slip.ts';
import { slipDecider } from '#domain/betting/slip-decider.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { specFor } from '../support/decider-spec.ts';

const now = new Date('2026-11-19T12:00:00Z');
const later = '2026-11-22T18:00:00Z';
const earlier = '2026-11-19T01:00:00Z';
const slip = { clientId: 2, userId: 7, sportId: 33, weekId: 20263309 };

const game = (id: number, overrides: Partial<GameFacts> = {}): GameFacts => ({
  id,
  sportId: 33,
  weekId: 20263309,
  status: GameStatus.Upcoming,
  beginning: later,
  homeTeamId: id * 10,
  awayTeamId: id * 10 + 1,
  homeLine: -3.5,
  onRegularDay: true,
  homeScore: null,
  awayScore: null,
  ...overrides,
});
const games = new Map([1, 2, 3, 4, 5, 6].map((id) => [id, game(id)]));
games.set(7, game(7, { beginning: earlier }));
games.set(8, game(8, { homeLine: 0 }));
games.set(9, game(9, { homeLine: 0.0001 }));
games.set(10, game(10, { onRegularDay: false }));
games.set(11, game(11, { weekId: 20263310 }));
games.set(12, game(12, { status: GameStatus.Finished, beginning: later }));
games.set(13, game(13, { status: GameStatus.Undefined }));
games.set(20, game(20, { onRegularDay: false }));
games.set(21, game(21, { onRegularDay: false, homeLine: 2 }));
games.set(22, game(22, { onRegularDay: false, beginning: earlier }));
games.set(30, game(30, { status: GameStatus.Finished, beginning: earlier, homeScore: 24, awayScore: 10 }));
games.set(31, game(31, { status: GameStatus.Finished, beginning: earlier, homeScore: 10, awayScore: 24 }));

const context: SlipContext = { slip, actorId: 7, now, weekIsCurrent: true, isBonusDay: false, games };
const placed = (gameId: number, teamId: number, points: number, line = -3.5): SlipEvent => ({
  type: 'BetPlaced',
  data: {
    betId: `7-${gameId}`,
    gameId,
    teamId,
    points,
    line,
    isBonus: false,
    placedAt: '2026-11-18T12:00:00.000Z',
    actorId: 7,
  },
});
const set = (...bets: [number, number, number, number?][]): SlipCommand => ({
  type: 'SetRegularBets',
  bets: bets.map(([gameId, teamId, points, pointSpread]) => ({ gameId, teamId, points, pointSpread })),
});

const { given } = specFor(slipDecider, context);

const at = now.toISOString();
const placedNow = (gameId: number, teamId: number, points: number, line: number, actorId = 7): SlipEvent => ({
  type: 'BetPlaced',
  data: { betId: `7-${gameId}`, gameId, teamId, points, line, isBonus: false, placedAt: at, actorId },
});

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

describe('cancelling one pick', () => {
  it('cancels an open game’s pick', () => {
    given(placed(1, 10, 20))
      .when({ type: 'CancelBet', betId: '7-1' })
      .then([{ type: 'BetCancelled', data: { betId: '7-1', gameId: 1, cancelledAt: at, actorId: 7 } }]);
  });

  it('refuses to cancel a started game’s pick', () => {
    given(placed(7, 70, 20))
      .when({ type: 'CancelBet', betId: '7-7' })
      .thenRefuses('GAME_STARTED');
  });

  it('refuses to cancel a pick that is not there', () => {
    given(placed(1, 10, 20), { type: 'BetCancelled', data: { betId: '7-1', gameId: 1, cancelledAt: at, actorId: 7 } })
      .when({ type: 'CancelBet', betId: '7-1' })
      .thenRefuses('BET_NOT_FOUND');
  });
});

describe('the bonus pick', () => {
  const bonus = (gameId: number, teamId: number, points: number, pointSpread?: number): SlipCommand => ({
    type: 'SetBonusBet',
    bet: { gameId, teamId, points, pointSpread },
  });
  const onBonusDay = { isBonusDay: true };
  const bonusPlaced = (gameId: number, teamId: number, points: number, line = -3.5): SlipEvent => ({
    type: 'BetPlaced',
    data: { betId: `7-${gameId}`, gameId, teamId, points, line, isBonus: true, placedAt: at, actorId: 7 },
  });

  it('is placed on a bonus day, on a bonus-day game, with at least 10 points', () => {
    given()
      .when(bonus(20, 200, 10), onBonusDay)
      .then([bonusPlaced(20, 200, 10)]);
  });

  it('is refused on any other day', () => {
    given()
      .when(bonus(20, 200, 10))
      .thenRefuses('NOT_BONUS_DAY');
  });

  it('is refused on a game of a regular pick day', () => {
    given()
      .when(bonus(1, 10, 10), onBonusDay)
      .thenRefuses('NOT_BONUS_GAME');
  });

  it('allows at most 10 points while the week’s regular picks have not won anything', () => {
    given(placed(31, 310, 20))
      .when(bonus(20, 200, 11), onBonusDay)
      .thenRefuses('BONUS_POINTS', /at least 10 and at most 10/);
    given()
      .when(bonus(20, 200, 9), onBonusDay)
      .thenRefuses('BONUS_POINTS');
  });

  it('allows up to 10 plus the week’s regular signed sum when it is positive', () => {
    // 30: home 24–10 with home −3.5 → won 20; 31: home 10–24 with home −3.5 → lost 5 → lead 15.
    const history = [placed(30, 300, 20), placed(31, 310, 5)];
    given(...history)
      .when(bonus(20, 200, 25), onBonusDay)
      .then([bonusPlaced(20, 200, 25)]);
    given(...history)
      .when(bonus(20, 200, 26), onBonusDay)
      .thenRefuses('BONUS_POINTS', /at most 25/);
  });

  it('placing again on another game replaces the earlier bonus pick', () => {
    given(bonusPlaced(20, 200, 10))
      .when(bonus(21, 210, 10), onBonusDay)
      .then([
        { type: 'BetCancelled', data: { betId: '7-20', gameId: 20, cancelledAt: at, actorId: 7 } },
        { ...bonusPlaced(21, 210, 10, 2) },
      ]);
  });

  it('placing again on the same game changes it', () => {
    given(bonusPlaced(20, 200, 10))
      .when(bonus(20, 201, 10), onBonusDay)
      .then([
        {
          type: 'BetChanged',
          data: { betId: '7-20', gameId: 20, teamId: 201, points: 10, line: 3.5, changedAt: at, actorId: 7 },
        },
      ]);
  });

  it('cannot be replaced once its game has started: You have chosen the game', () => {
    given(bonusPlaced(22, 220, 10))
      .when(bonus(20, 200, 10), onBonusDay)
      .thenRefuses('BONUS_LOCKED', /You have chosen the game/);
  });

  it('refuses a started bonus-day game, a game without spread and a stale spread', () => {
    given()
      .when(bonus(22, 220, 10), onBonusDay)
      .thenRefuses('GAME_STARTED');
    given()
      .when(bonus(20, 200, 10, 1.5), onBonusDay)
      .thenRefuses('SPREAD_CHANGED', /changed to -3.5/);
  });

  it('regular picks leave the bonus pick alone', () => {
    given(bonusPlaced(20, 200, 10))
      .when(set([1, 10, 20]))
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
      ]);
  });
});
