// The slip decider on cancelling one pick and on the bonus pick: on a bonus day only, its points bounded by the
// week's regular picks, replaced until its game starts.
import { describe, it } from 'vitest';
import type { SlipCommand, SlipEvent } from '#domain/betting/slip.ts';
import { at, given, placed, set } from './support/slip-spec.ts';

describe('cancelling one pick', () => {
  it('cancels an open game’s pick', () => {
    given(placed(1, 10, 20))
      .when({ type: 'CancelPick', betId: '7-1' })
      .then([{ type: 'BetCancelled', data: { betId: '7-1', gameId: 1, cancelledAt: at, actorId: 7 } }]);
  });

  it('refuses to cancel a started game’s pick', () => {
    given(placed(7, 70, 20))
      .when({ type: 'CancelPick', betId: '7-7' })
      .thenRefuses('GAME_STARTED');
  });

  it('refuses to cancel a pick that is not there', () => {
    given(placed(1, 10, 20), { type: 'BetCancelled', data: { betId: '7-1', gameId: 1, cancelledAt: at, actorId: 7 } })
      .when({ type: 'CancelPick', betId: '7-1' })
      .thenRefuses('BET_NOT_FOUND');
  });
});

describe('the bonus pick', () => {
  const bonus = (gameId: number, teamId: number, points: number, pointSpread?: number): SlipCommand => ({
    type: 'SetBonusPick',
    pick: { gameId, teamId, points, pointSpread },
  });
  const onBonusDay = { isBonusDay: true };
  const bonusPlaced = (gameId: number, teamId: number, points: number, line = -3.5): SlipEvent => ({
    type: 'BetPlaced',
    data: { betId: `7-${gameId}`, gameId, teamId, points, line, isBonus: true, placedAt: at, actorId: 7 },
  });
  /** The bonus pick changed to the visitor (the spec's games: home −3.5) and the points. */
  const bonusChanged = (gameId: number, teamId: number, points: number): SlipEvent => ({
    type: 'BetChanged',
    data: { betId: `7-${gameId}`, gameId, teamId, points, line: 3.5, changedAt: at, actorId: 7 },
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

  it('is changed on its game moved to a regular pick day since: it stays the bonus pick', () => {
    given(bonusPlaced(1, 10, 10))
      .when(bonus(1, 11, 10), onBonusDay)
      .then([bonusChanged(1, 11, 10)]);
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
      .then([bonusChanged(20, 201, 10)]);
  });

  it('asked again as it stands is done, also at a line that moved since, after kickoff or off a bonus day', () => {
    given(bonusPlaced(20, 200, 10))
      .when(bonus(20, 200, 10, 1.5), onBonusDay)
      .then([]);
    given(bonusPlaced(22, 220, 10))
      .when(bonus(22, 220, 10), onBonusDay)
      .then([]);
    given(bonusPlaced(20, 200, 10))
      .when(bonus(20, 200, 10))
      .then([]);
  });

  it('cannot be replaced once its game has started: You have chosen the game', () => {
    given(bonusPlaced(22, 220, 10))
      .when(bonus(20, 200, 10), onBonusDay)
      .thenRefuses('BONUS_LOCKED', /You have chosen the game/);
  });

  it('cannot be replaced once its game was called off before kickoff, and says so: it counts no points', () => {
    given(bonusPlaced(23, 230, 10))
      .when(bonus(20, 200, 10), onBonusDay)
      .thenRefuses('BONUS_LOCKED', /bonus pick is on a game called off, counts no points and can no longer change/);
  });

  it('refuses a started bonus-day game, a game without spread and a stale spread', () => {
    given()
      .when(bonus(22, 220, 10), onBonusDay)
      .thenRefuses('GAME_STARTED');
    given()
      .when(bonus(20, 200, 10, 1.5), onBonusDay)
      .thenRefuses('SPREAD_CHANGED', /changed to -3.5/);
  });

  it('is refused on a game holding the week’s regular pick (its day moved to a bonus day), never overwriting it', () => {
    given(placed(20, 200, 20))
      .when(bonus(20, 201, 10), onBonusDay)
      .thenRefuses('GAME_ALREADY_PICKED', /Your regular pick is on this game/);
    given(placed(20, 200, 20), bonusPlaced(21, 210, 10, 2))
      .when(bonus(20, 200, 10), onBonusDay)
      .thenRefuses('GAME_ALREADY_PICKED');
  });

  it('a regular pick is refused on the bonus pick’s game (its day moved to a regular day), never overwriting it', () => {
    given(bonusPlaced(1, 10, 10))
      .when(set([1, 11, 20]))
      .thenRefuses('GAME_ALREADY_PICKED', /Your bonus pick is on this game/);
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
