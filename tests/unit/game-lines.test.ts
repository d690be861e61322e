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
const actor = { actorId: 5, actorClientId: 1 };

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
const manualLine = (homeLine: number, handicapId = 90, affiliateId = affiliate): SetManualLine => ({
  type: 'SetManualLine',
  game,
  affiliateId,
  homeLine,
  handicapId,
  ...actor,
});
const manualLineSet = (homeLine: number, handicapId = 90, affiliateId = affiliate): GameEvent => ({
  type: 'ManualLineSet',
  data: { gameId: game.gameId, affiliateId, homeLine, handicapId, ...actor, at },
});
const clear = (handicapId = 90, affiliateId = affiliate): ClearManualLine => ({
  type: 'ClearManualLine',
  game,
  affiliateId,
  handicapId,
  ...actor,
});
const cleared = (handicapId = 90): GameEvent => ({
  type: 'ManualLineCleared',
  data: { gameId: game.gameId, affiliateId: affiliate, handicapId, ...actor, at },
});
/** A line as it was recorded while manual lines were kept per client. */
const clientLineSet = (homeLine: number, handicapId: number, clientId: number): GameEvent => ({
  type: 'ManualLineSet',
  data: { gameId: game.gameId, clientId, affiliateId: affiliate, homeLine, handicapId, actorId: 5, at },
});
const clientLineCleared = (handicapId: number, clientId: number): GameEvent => ({
  type: 'ManualLineCleared',
  data: { gameId: game.gameId, clientId, affiliateId: affiliate, handicapId, actorId: 5, at },
});
const inForce = (...events: GameEvent[]) =>
  [...events.reduce(gameDecider.evolve, gameDecider.initialState).manualLines].map(([affiliateId, line]) => [
    affiliateId,
    line.homeLine,
    line.handicapId,
  ]);
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

describe('an affiliate’s manual line', () => {
  it('is recorded with who set it, from which client, and when', () => {
    given(affiliateLineSet(-3.5))
      .when(manualLine(-6.5))
      .then([manualLineSet(-6.5)]);
  });

  it('replaces the earlier manual line at the affiliate', () => {
    given(manualLineSet(-6.5))
      .when(manualLine(-7))
      .then([manualLineSet(-7)]);
  });

  it('is not recorded again when it is the line already in force', () => {
    given(manualLineSet(-6.5)).when(manualLine(-6.5)).thenNothingHappens();
  });

  it('made from an older read is refused: another administrator’s line since stays, unless it is the one asked', () => {
    const from = (madeFrom: string, homeLine = -7): SetManualLine => ({ ...manualLine(homeLine), madeFrom });
    given(manualLineSet(-6.5)).when(from('')).thenRefuses('LINE_CHANGED');
    given(manualLineSet(-6.5)).when(from('2026-11-19T16:00:00.000Z')).thenRefuses('LINE_CHANGED');
    given(manualLineSet(-6.5))
      .when(from(at))
      .then([manualLineSet(-7)]);
    given()
      .when(from(''))
      .then([manualLineSet(-7)]);
    given(manualLineSet(-7)).when(from('')).thenNothingHappens();
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
  it('clears the affiliate’s manual line, naming it', () => {
    given(manualLineSet(-6.5, 91))
      .when(clear(91))
      .then([cleared(91)]);
  });

  it('appends nothing when the line it names is not in force: reset already (asked again), replaced since, or another affiliate’s', () => {
    given().when(clear()).then([]);
    given(manualLineSet(-6.5), cleared()).when(clear()).then([]);
    given(manualLineSet(-6.5, 90), cleared(90), manualLineSet(-4, 92)).when(clear(90)).then([]);
    given(manualLineSet(-6.5, 90, 2))
      .when(clear(90, affiliate))
      .then([]);
  });

  it('is refused once the game has started', () => {
    given(manualLineSet(-6.5), kickedOff).when(clear()).thenRefuses('GAME_STARTED');
  });

  it('made from an older read of the line (set again since) is refused', () => {
    const from = (madeFrom: string): ClearManualLine => ({ ...clear(), madeFrom });
    given(manualLineSet(-6.5)).when(from('2026-11-19T16:00:00.000Z')).thenRefuses('LINE_CHANGED');
    given(manualLineSet(-6.5)).when(from(at)).then([cleared()]);
  });

  it('leaves the other affiliates’ manual lines in force', () => {
    expect(inForce(manualLineSet(-6.5, 90, 2), manualLineSet(-7, 91), cleared(91))).toEqual([[2, -6.5, 90]]);
  });
});

describe('lines recorded while they were kept per client', () => {
  it('are read as the affiliate’s: the latest one set is in force for every client', () => {
    expect(inForce(clientLineSet(-6.5, 90, client), clientLineSet(-7, 91, 8))).toEqual([[affiliate, -7, 91]]);
  });

  it('a client’s reset ends only its own line, not one another client set later', () => {
    expect(inForce(clientLineSet(-6.5, 90, client), clientLineSet(-7, 91, 8), clientLineCleared(90, client))).toEqual([
      [affiliate, -7, 91],
    ]);
    expect(inForce(clientLineSet(-6.5, 90, client), clientLineCleared(90, client))).toEqual([]);
  });

  it('are replaced and reset like any manual line', () => {
    given(clientLineSet(-6.5, 90, client))
      .when(manualLine(-8))
      .then([manualLineSet(-8)]);
    given(clientLineSet(-6.5, 90, client))
      .when(clear())
      .then([cleared(90)]);
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
