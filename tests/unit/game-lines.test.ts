import { describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { DomainError } from '#domain/errors.ts';
import type { ClearManualLine, SetAffiliateLine, SetManualLine } from '#domain/games/game-lines.ts';
import { parseLine } from '#domain/games/game-lines.ts';
import { type GameEvent, gameDecider } from '#domain/games/game-result.ts';
import { specFor } from '../support/decider-spec.ts';

const now = new Date('2026-11-19T17:00:00Z');
const { given } = specFor(gameDecider, { now });

const game = { gameId: 3300301, sportId: 33, weekId: 20263309, beginning: '2026-11-22T18:00:00.000Z' };
const at = now.toISOString();
const client = 7;
const affiliate = 1;

const affiliateLine = (homeLine: number, affiliateId = affiliate): SetAffiliateLine => ({
  type: 'SetAffiliateLine',
  game,
  affiliateId,
  homeLine,
});
const affiliateLineSet = (homeLine: number, affiliateId = affiliate): GameEvent => ({
  type: 'AffiliateLineSet',
  data: { gameId: game.gameId, sportId: 33, weekId: game.weekId, affiliateId, homeLine, at },
});
const manualLine = (homeLine: number, handicapId = 90, clientId = client): SetManualLine => ({
  type: 'SetManualLine',
  game,
  clientId,
  affiliateId: affiliate,
  homeLine,
  handicapId,
  actorId: 5,
});
const manualLineSet = (homeLine: number, handicapId = 90, clientId = client): GameEvent => ({
  type: 'ManualLineSet',
  data: { gameId: game.gameId, clientId, affiliateId: affiliate, homeLine, handicapId, actorId: 5, at },
});
const clear = (clientId = client): ClearManualLine => ({
  type: 'ClearManualLine',
  game,
  clientId,
  affiliateId: affiliate,
  actorId: 5,
});
const cleared = (handicapId = 90): GameEvent => ({
  type: 'ManualLineCleared',
  data: { gameId: game.gameId, clientId: client, affiliateId: affiliate, handicapId, actorId: 5, at },
});
const kickedOff: GameEvent = {
  type: 'GameResultRecorded',
  data: { ...game, homeTeamId: 10, status: GameStatus.Live, homeScore: 0, awayScore: 0, recordedAt: at },
};

describe('an affiliate’s line', () => {
  it('is recorded when it is new or moved', () => {
    given()
      .when(affiliateLine(-3.5))
      .then([affiliateLineSet(-3.5)]);
    given(affiliateLineSet(-3.5))
      .when(affiliateLine(-4))
      .then([affiliateLineSet(-4)]);
  });

  it('is not recorded again when it did not move', () => {
    given(affiliateLineSet(-3.5)).when(affiliateLine(-3.5)).thenNothingHappens();
  });

  it('is kept per affiliate: the same line at another affiliate is still news', () => {
    given(affiliateLineSet(-3.5, 1))
      .when(affiliateLine(-3.5, 2))
      .then([affiliateLineSet(-3.5, 2)]);
  });
});

describe('a client’s manual line', () => {
  it('is recorded with who set it and when', () => {
    given(affiliateLineSet(-3.5))
      .when(manualLine(-6.5))
      .then([manualLineSet(-6.5)]);
  });

  it('replaces the earlier manual line of the client', () => {
    given(manualLineSet(-6.5))
      .when(manualLine(-7))
      .then([manualLineSet(-7)]);
  });

  it('is not recorded again when it is the line already in force', () => {
    given(manualLineSet(-6.5)).when(manualLine(-6.5)).thenNothingHappens();
  });

  it.each([0.5, -0.5, 0, 0.3, 3.55])('refuses %s: beyond ±0.5 and in steps of 0.1 only', (line) => {
    given().when(manualLine(line)).thenRefuses('INVALID_SPREAD');
  });

  it('is refused once the game has started, by the clock or by its status', () => {
    given()
      .when(manualLine(-6.5), { now: new Date(game.beginning) })
      .thenRefuses('GAME_STARTED');
    given(kickedOff).when(manualLine(-6.5)).thenRefuses('GAME_STARTED');
  });

  it('follows a kickoff moved later: the line may still change before the new kickoff', () => {
    const moved: GameEvent = {
      type: 'GameKickoffMoved',
      data: {
        gameId: game.gameId,
        sportId: 33,
        weekId: game.weekId,
        from: game.beginning,
        to: '2026-11-23T01:00:00.000Z',
        movedAt: at,
      },
    };
    given(moved)
      .when(manualLine(-6.5), { now: new Date('2026-11-22T20:00:00Z') })
      .then(
        [manualLineSet(-6.5, 90)].map((event) => ({
          ...event,
          data: { ...event.data, at: '2026-11-22T20:00:00.000Z' },
        })) as GameEvent[],
      );
  });
});

describe('the reset of a manual line', () => {
  it('clears the client’s manual line, naming it', () => {
    given(manualLineSet(-6.5, 91))
      .when(clear())
      .then([cleared(91)]);
  });

  it('is refused when the client has no manual line in force', () => {
    given().when(clear()).thenRefuses('NO_MANUAL_LINE');
    given(manualLineSet(-6.5), cleared()).when(clear()).thenRefuses('NO_MANUAL_LINE');
    given(manualLineSet(-6.5, 90, 8))
      .when(clear(client))
      .thenRefuses('NO_MANUAL_LINE');
  });

  it('is refused once the game has started', () => {
    given(manualLineSet(-6.5), kickedOff).when(clear()).thenRefuses('GAME_STARTED');
  });

  it('leaves the other clients’ manual lines in force', () => {
    const state = [manualLineSet(-6.5, 90, 8), manualLineSet(-7, 91), cleared(91)].reduce(
      gameDecider.evolve,
      gameDecider.initialState,
    );
    expect([...state.manualLines.values()]).toEqual([{ homeLine: -6.5, handicapId: 90 }]);
  });
});

describe('a line as typed', () => {
  it.each([
    ['−3,5', -3.5],
    ['-3,5', -3.5],
    ['-3.5', -3.5],
    ['+3', 3],
    [' 7,0 ', 7],
    ['0,6', 0.6],
  ])('reads %j as %s', (typed, line) => {
    expect(parseLine(typed)).toBe(line);
  });

  it.each(['', 'abc', '3,5,5', '--3', '0,5', '-0.5', '3,55', '1e3'])('refuses %j with a 400', (typed) => {
    let caught: unknown;
    try {
      parseLine(typed);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).code).toBe('INVALID_SPREAD');
  });
});
