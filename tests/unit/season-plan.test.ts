// Start New Season's plan of a season from the feed's games: Wednesday-to-Tuesday weeks from the first game to the
// last, and a season that ends with the day of its last game in the sport's zone, the last day the last-day bonus
// is about.
import { describe, expect, it } from 'vitest';
import { defaultDayFlags, type Sport } from '#domain/catalogue/types.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { lastDayIsBonusDay } from '#domain/betting/bonus-day.ts';
import { seasonPlan } from '../../functions/jobs/import-season.ts';
import type { FeedGame } from '../../functions/providers/port.ts';

const nfl: Sport = {
  id: 33,
  name: 'NFL',
  active: true,
  providerKey: 'NFL',
  timeZone: 'America/New_York',
  ...defaultDayFlags,
};

const game = (ref: string, beginning: string): FeedGame => ({
  ref,
  seasonYear: 2026,
  beginning,
  home: { ref: 'home', name: 'Home' },
  away: { ref: 'away', name: 'Away' },
  status: GameStatus.Upcoming,
  homeScore: null,
  awayScore: null,
});

describe('a season planned from its games', () => {
  it('ends with the day of its last game in the sport’s zone, not with its last week’s Tuesday', () => {
    // The last game: Sunday 3 January 2027, 8:20 PM in New York (Monday 01:20 UTC).
    const { season, weeks } = seasonPlan(nfl, 2026, [
      game('final', '2027-01-04T01:20:00Z'),
      game('opener', '2026-09-11T00:20:00Z'),
    ]);
    expect(season.beginDate).toBe(weeks[0]!.beginDate);
    expect(weeks.at(-1)!.endDate).toBe('2027-01-06T04:59:59.999Z');
    expect(season.endDate).toBe('2027-01-04T04:59:59.999Z');
    // So a Sunday finish takes a last-day bonus start with the default Monday and Tuesday bonus days.
    expect(lastDayIsBonusDay(season.endDate, nfl.timeZone, nfl)).toBe(false);
  });

  it('asked again with only the games still ahead (The Odds API lists no past game), keeps its weeks and days', () => {
    const full = seasonPlan(nfl, 2026, [game('final', '2027-01-04T01:20:00Z'), game('opener', '2026-09-11T00:20:00Z')]);
    const again = seasonPlan(nfl, 2026, [game('later', '2026-12-13T18:00:00Z')], full.season);
    expect(again).toEqual(full);
    // A game added after the season's end makes it longer, its weeks as they were.
    const longer = seasonPlan(nfl, 2026, [game('extra', '2027-01-11T01:20:00Z')], full.season);
    expect(longer.weeks.slice(0, full.weeks.length)).toEqual(full.weeks);
    expect(longer.season.endDate).toBe('2027-01-11T04:59:59.999Z');
    // A game named before its first week moves nothing: no week holds it.
    const earlier = seasonPlan(nfl, 2026, [game('early', '2026-08-20T00:20:00Z')], full.season);
    expect(earlier).toEqual(full);
  });

  it('whose last game is on a bonus day has its last day a bonus day already', () => {
    const { season } = seasonPlan(nfl, 2026, [game('monday', '2027-01-05T01:15:00Z')]);
    expect(season.endDate).toBe('2027-01-05T04:59:59.999Z');
    expect(lastDayIsBonusDay(season.endDate, nfl.timeZone, nfl)).toBe(true);
  });
});
