import { describe, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { type GameEvent, gameDecider, type GameResult, type RecordResult } from '#domain/games/game-result.ts';
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
