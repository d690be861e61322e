// The last-day bonus start: the administrator's wall-clock time on the season's last day, in New York's time
// whatever the browser's zone, on either side of a DST change.
import { describe, expect, it } from 'vitest';
import { lastDayBonusStart } from '@/features/games-and-odds/bonus-start';

// A season ends on Tuesday 23:59:59.999 in New York: already Wednesday in UTC.
const endsInWinter = '2027-01-27T04:59:59.999Z';
const endsInSummer = '2027-09-08T03:59:59.999Z';

describe('last-day bonus start', () => {
  it('is the time on the last day in New York, not on the UTC day the season ends', () => {
    expect(lastDayBonusStart(endsInWinter, { hours: 9, minutes: 5, meridiem: 'AM' })).toBe('2027-01-26T14:05:00.000Z');
  });

  it('follows daylight saving time: the same wall-clock time is an hour earlier in UTC in summer', () => {
    expect(lastDayBonusStart(endsInSummer, { hours: 9, minutes: 5, meridiem: 'AM' })).toBe('2027-09-07T13:05:00.000Z');
  });

  it('uses the offset of the last day itself when the clocks change that day', () => {
    // 14 March 2027: New York moves from UTC−5 to UTC−4 at 2 AM.
    const endsOnSpringForward = '2027-03-15T03:59:59.999Z';
    expect(lastDayBonusStart(endsOnSpringForward, { hours: 1, minutes: 0, meridiem: 'AM' })).toBe(
      '2027-03-14T06:00:00.000Z',
    );
    expect(lastDayBonusStart(endsOnSpringForward, { hours: 3, minutes: 0, meridiem: 'AM' })).toBe(
      '2027-03-14T07:00:00.000Z',
    );
  });

  it('reads 12 AM as midnight and 12 PM as noon', () => {
    expect(lastDayBonusStart(endsInWinter, { hours: 12, minutes: 0, meridiem: 'AM' })).toBe('2027-01-26T05:00:00.000Z');
    expect(lastDayBonusStart(endsInWinter, { hours: 12, minutes: 30, meridiem: 'PM' })).toBe(
      '2027-01-26T17:30:00.000Z',
    );
    expect(lastDayBonusStart(endsInWinter, { hours: 11, minutes: 59, meridiem: 'PM' })).toBe(
      '2027-01-27T04:59:00.000Z',
    );
  });
});
