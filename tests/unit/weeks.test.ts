import { describe, expect, it } from 'vitest';
import { planWeeks, selectWeeks } from '#domain/season/weeks.ts';
import { pickDayOf, weekStartOf } from '#domain/season/zoned-time.ts';

const weeks = planWeeks({ sportId: 33, seasonId: 202633, firstDay: '2026-09-23', weekCount: 18 });

describe('weeks in the sport’s zone', () => {
  it('runs Wednesday 00:00 to Tuesday 23:59:59.999 New York time, also across the end of DST', () => {
    const dstWeek = weeks.find((week) => week.beginDate.startsWith('2026-10-28'))!;
    expect(dstWeek.beginDate).toBe('2026-10-28T04:00:00.000Z');
    expect(dstWeek.endDate).toBe('2026-11-04T04:59:59.999Z');
  });

  it('leaves no gap and no overlap between consecutive weeks', () => {
    for (let i = 1; i < weeks.length; i++) {
      expect(Date.parse(weeks[i]!.beginDate) - Date.parse(weeks[i - 1]!.endDate)).toBe(1);
    }
  });

  it('numbers weekdays Wednesday 1 to Tuesday 7 in the zone, not in UTC', () => {
    expect(pickDayOf('2026-11-18T05:00:00Z')).toBe(1);
    expect(pickDayOf('2026-11-24T03:30:00Z')).toBe(6); // Monday 22:30 in New York, Tuesday in UTC
    expect(pickDayOf('2026-11-25T04:59:59Z')).toBe(7);
  });

  it('finds the Wednesday that starts the week of an instant', () => {
    expect(weekStartOf('2026-11-22T12:00:00Z').toISOString()).toBe('2026-11-18T05:00:00.000Z');
  });
});

describe('week selection', () => {
  it('selects the week holding today as current, and the one before it as previous', () => {
    const selection = selectWeeks(weeks, new Date('2026-11-22T12:00:00Z'))!;
    expect(selection.current?.number).toBe(9);
    expect(selection.selected.number).toBe(9);
    expect(selection.previous.number).toBe(8);
    expect(selection.last.number).toBe(18);
  });

  it('uses the first week before the season starts, and it is its own previous', () => {
    const selection = selectWeeks(weeks, new Date('2026-08-01T12:00:00Z'))!;
    expect(selection.current).toBeUndefined();
    expect(selection.selected.number).toBe(1);
    expect(selection.previous.number).toBe(1);
  });

  it('uses the last week after the season ends, and it is the previous one too: the last with results', () => {
    const selection = selectWeeks(weeks, new Date('2027-03-01T12:00:00Z'))!;
    expect(selection.selected.number).toBe(18);
    expect(selection.previous.number).toBe(18);
  });

  it('has nothing to select without weeks', () => {
    expect(selectWeeks([], new Date())).toBeUndefined();
  });
});
