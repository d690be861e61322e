import { describe, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import {
  type GameEvent,
  gameDecider,
  type GameResult,
  type LiveScore,
  type RecordResult,
  type UpdateLiveScore,
} from '#domain/games/game-result.ts';
import { specFor } from '../support/decider-spec.ts';

const now = new Date('2026-11-23T04:00:00Z');
const { given } = specFor(gameDecider, { now });

const game = { gameId: 3300301, sportId: 33, weekId: 20263303, homeTeamId: 10, beginning: '2026-11-22T18:00:00.000Z' };
const record = (result: GameResult): RecordResult => ({ type: 'RecordResult', game, result });
const recorded = (result: GameResult, recordedAt = now.toISOString()): GameEvent => ({
  type: 'GameResultRecorded',
  data: { ...game, ...result, recordedAt },
});
const live = { status: GameStatus.Live, homeScore: 7, awayScore: 3 };
const final = { status: GameStatus.Finished, homeScore: 24, awayScore: 10 };

describe('recording a game’s result', () => {
  it('records a new result', () => {
    given()
      .when(record(final))
      .then([recorded(final)]);
    given(recorded(live, '2026-11-22T19:00:00.000Z'))
      .when(record(final))
      .then([recorded(final)]);
  });

  it('records nothing when the result is unchanged', () => {
    given(recorded(final, '2026-11-22T21:30:00.000Z')).when(record(final)).thenNothingHappens();
  });

  it('records nothing for an upcoming game without scores, the stream’s starting point', () => {
    given()
      .when(record({ status: GameStatus.Upcoming, homeScore: null, awayScore: null }))
      .thenNothingHappens();
  });

  it('records a correction of a final result', () => {
    const corrected = { status: GameStatus.Finished, homeScore: 10, awayScore: 24 };
    given(recorded(live), recorded(final))
      .when(record(corrected))
      .then([recorded(corrected)]);
  });
});

const updateLive = (score: LiveScore): UpdateLiveScore => ({ type: 'UpdateLiveScore', game, score });
const scoreUpdated = (score: LiveScore, updatedAt = now.toISOString()): GameEvent => ({
  type: 'GameScoreUpdated',
  data: {
    gameId: game.gameId,
    sportId: game.sportId,
    weekId: game.weekId,
    homeTeamId: game.homeTeamId,
    ...score,
    status: GameStatus.Live,
    updatedAt,
  },
});
const secondQuarter = { homeScore: 7, awayScore: 3, period: 2, clock: '8:17 - 2nd' };

describe('a game under way: its live score', () => {
  it('appends the score, period and clock of a game that just started', () => {
    given()
      .when(updateLive(secondQuarter))
      .then([scoreUpdated(secondQuarter)]);
  });

  it('appends again when the score, the period or only the clock moved', () => {
    const earlier = scoreUpdated(secondQuarter, '2026-11-22T19:10:00.000Z');
    given(earlier)
      .when(updateLive({ ...secondQuarter, homeScore: 14 }))
      .then([scoreUpdated({ ...secondQuarter, homeScore: 14 })]);
    given(earlier)
      .when(updateLive({ ...secondQuarter, clock: '6:02 - 2nd' }))
      .then([scoreUpdated({ ...secondQuarter, clock: '6:02 - 2nd' })]);
    given(earlier)
      .when(updateLive({ ...secondQuarter, period: 3, clock: '15:00 - 3rd' }))
      .then([scoreUpdated({ ...secondQuarter, period: 3, clock: '15:00 - 3rd' })]);
  });

  it('appends nothing when the feed says what it said last minute', () => {
    given(scoreUpdated(secondQuarter, '2026-11-22T19:10:00.000Z')).when(updateLive(secondQuarter)).thenNothingHappens();
  });

  it('appends a clock even when the score equals what an older import recorded as a live result', () => {
    given(recorded(live, '2026-11-22T19:00:00.000Z'))
      .when(updateLive({ homeScore: 7, awayScore: 3, period: 2, clock: 'Halftime' }))
      .then([scoreUpdated({ homeScore: 7, awayScore: 3, period: 2, clock: 'Halftime' })]);
  });

  it('never reopens a game once its result is recorded: a late live answer changes nothing', () => {
    given(scoreUpdated(secondQuarter), recorded(final)).when(updateLive(secondQuarter)).thenNothingHappens();
    given(recorded({ status: GameStatus.Canceled, homeScore: null, awayScore: null }))
      .when(updateLive(secondQuarter))
      .thenNothingHappens();
  });

  it('the final result after live scores is recorded as a result, the only event grading reads', () => {
    given(scoreUpdated(secondQuarter), scoreUpdated({ homeScore: 24, awayScore: 10, period: 4, clock: '0:00 - 4th' }))
      .when(record(final))
      .then([recorded(final)]);
  });
});
