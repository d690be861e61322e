// When Live Scores runs: every minute while a game may be under way, once at the next kickoff otherwise, never
// with no game ahead; and how often it may call a feed whose quota runs low.
import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import {
  liveReadOffsets,
  livePollMinutes,
  livePollMs,
  liveSchedule,
  type WindowGame,
} from '#domain/processes/live-window.ts';
import { cronerPattern } from '../../infra/local/scheduler-emulator.ts';

const game = (beginning: string, eventStatus: GameStatus = GameStatus.Upcoming): WindowGame => ({
  beginning,
  eventStatus,
});
// An NFL Sunday: three 1 pm games, one at 4:25 pm, the night game at 8:20 pm (New York).
const early = '2026-11-22T18:00:00.000Z';
const late = '2026-11-22T21:25:00.000Z';
const night = '2026-11-23T01:20:00.000Z';
const at = (instant: string) => new Date(instant);

/** The instants the schedule fires at from a start, as the Scheduler (and its local emulator) reads it. */
const firings = (expression: string, from: string, count: number) =>
  new Cron(cronerPattern(expression), { timezone: 'America/New_York', paused: true })
    .nextRuns(count, new Date(from))
    .map((run) => run.toISOString());

describe('the Live Scores schedule', () => {
  it('before the day’s first kickoff it fires once, at that kickoff', () => {
    const schedule = liveSchedule([game(early), game(late), game(night)], at('2026-11-22T15:00:00Z'));
    expect(schedule).toEqual({ expression: 'cron(0 13 22 11 ? 2026)', enabled: true });
    expect(firings(schedule.expression, '2026-11-22T15:00:00Z', 1)).toEqual([early]);
  });

  it('switches on at kickoff: every minute while a game is kicked off and not over', () => {
    const schedule = liveSchedule([game(early, GameStatus.Live), game(late)], at('2026-11-22T19:35:00Z'));
    expect(schedule).toEqual({ expression: 'rate(1 minute)', enabled: true });
    expect(firings(schedule.expression, '2026-11-22T19:35:00Z', 3)).toEqual([
      '2026-11-22T19:36:00.000Z',
      '2026-11-22T19:37:00.000Z',
      '2026-11-22T19:38:00.000Z',
    ]);
    // Kicked off but the feed has not said so yet: still polled.
    expect(liveSchedule([game(early)], at('2026-11-22T18:01:00Z')).expression).toBe('rate(1 minute)');
  });

  it('between the early games’ finals and the late kickoff it switches off until the late kickoff', () => {
    const schedule = liveSchedule(
      [game(early, GameStatus.Finished), game(early, GameStatus.Canceled), game(late), game(night)],
      at('2026-11-22T21:10:00Z'),
    );
    expect(schedule).toEqual({ expression: 'cron(25 16 22 11 ? 2026)', enabled: true });
  });

  it('a game the feed never finalised stops keeping it on 6 hours after its kickoff', () => {
    expect(liveSchedule([game(early, GameStatus.Live)], at('2026-11-23T00:01:00Z'))).toEqual({
      expression: 'rate(1 minute)',
      enabled: false,
    });
  });

  it('with every game over and none ahead it is disabled', () => {
    expect(liveSchedule([game(early, GameStatus.Finished)], at('2026-11-22T22:00:00Z'))).toEqual({
      expression: 'rate(1 minute)',
      enabled: false,
    });
  });
});

describe('polling a feed with a quota (The Odds API’s x-requests-remaining)', () => {
  it('every minute while plenty remain or nothing is known yet, slower as it runs low, off when used up', () => {
    expect(livePollMinutes(undefined)).toBe(1);
    expect(livePollMinutes(4809)).toBe(1);
    expect(livePollMinutes(999)).toBe(5);
    expect(livePollMinutes(199)).toBe(30);
    expect(livePollMinutes(0)).toBeUndefined();
  });
});

describe('reads within a Live Scores run', () => {
  it('reads a feed without a quota every 15 s of the run: at 0, 15, 30 and 45 s, the next run at 60 s', () => {
    expect(liveReadOffsets(livePollMs)).toEqual([0, 15_000, 30_000, 45_000]);
  });

  it("never reads in the next run's minute, whatever the interval", () => {
    expect(liveReadOffsets(20_000)).toEqual([0, 20_000, 40_000]);
    expect(liveReadOffsets(25_000)).toEqual([0, 25_000, 50_000]);
    expect(liveReadOffsets(60_000)).toEqual([0]);
  });
});
