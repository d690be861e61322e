// The last-day bonus across the end of daylight saving time: a season ending the Tuesday after the first
// Sunday of November 2026 (New York moves from UTC−4 to UTC−5 on Sunday 1 November).
import { describe, expect, it } from 'vitest';
import { isBonusDay, lastDayIsBonusDay } from '#domain/betting/bonus-day.ts';

const timeZone = 'America/New_York';
// Only Monday is a bonus day by weekday: the Tuesday, the season's last day, is not.
const mondayOnly = { firstBonusGameDay: 6, secondBonusGameDay: 6 } as const;
const seasonEnd = '2026-11-04T04:59:59.999Z'; // Tuesday 3 November, 23:59:59.999 EST
// Tuesday 17:00 EST; under the summer offset the same wall time would be 21:00Z.
const lastDay = { selectedWeekIsLast: true, bonusGamesStart: '2026-11-03T22:00:00.000Z', seasonEnd };
const at = (instant: string) => isBonusDay({ now: new Date(instant), timeZone, ...mondayOnly, lastDay });

describe('the last-day bonus across a DST change', () => {
  it('is off until 10 minutes after the start, then on until the season ends', () => {
    expect(at('2026-11-03T21:15:00Z')).toBe(false);
    expect(at('2026-11-03T22:10:00Z')).toBe(false);
    expect(at('2026-11-03T22:10:01Z')).toBe(true);
    expect(at('2026-11-04T04:30:00Z')).toBe(true); // Tuesday 23:30 EST
    expect(at('2026-11-04T05:00:00Z')).toBe(false); // the season is over
  });

  it('holds only while the selected week is the season’s last', () => {
    expect(
      isBonusDay({
        now: new Date('2026-11-03T23:00:00Z'),
        timeZone,
        ...mondayOnly,
        lastDay: { ...lastDay, selectedWeekIsLast: false },
      }),
    ).toBe(false);
  });

  it('the weekday rule reads the day in the sport’s zone: Monday 2 November 23:30 EST is still Monday', () => {
    expect(isBonusDay({ now: new Date('2026-11-03T04:30:00Z'), timeZone, ...mondayOnly })).toBe(true);
    expect(isBonusDay({ now: new Date('2026-11-03T05:30:00Z'), timeZone, ...mondayOnly })).toBe(false);
  });

  it('the last day is the day of the season’s end in the sport’s zone (a Tuesday in EST, not the UTC Wednesday)', () => {
    expect(lastDayIsBonusDay(seasonEnd, timeZone, mondayOnly)).toBe(false);
    expect(lastDayIsBonusDay(seasonEnd, timeZone, { firstBonusGameDay: 6, secondBonusGameDay: 7 })).toBe(true);
    expect(lastDayIsBonusDay(seasonEnd, timeZone, { firstBonusGameDay: 1, secondBonusGameDay: 1 })).toBe(false);
  });
});
