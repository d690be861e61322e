// The app's one formatting module (docs/rules.md, Formats): the sport's zone, never the machine's, and the day
// before the month in every format.
import { describe, expect, it } from 'vitest';
import {
  formatDayHeading,
  formatGameDay,
  formatKickoff,
  formatOpening,
  formatTime,
  formatWeekRange,
  formatZoneNote,
} from '@/lib/format';

// Monday 23 November 2026, 20:15 in New York (EST, UTC−5): already Tuesday in UTC and in Tokyo.
const mondayNightGame = '2026-11-24T01:15:00.000Z';
// Week 10: Wednesday 25 November 00:00 to Tuesday 1 December 23:59:59.999 in New York.
const week10 = { beginDate: '2026-11-25T05:00:00.000Z', endDate: '2026-12-02T04:59:59.999Z' };

describe('dates and times are told in the sport’s zone', () => {
  it('a Monday-night game is under Monday, at its New York kickoff, whatever zone the machine runs in', () => {
    expect(formatDayHeading(mondayNightGame)).toBe('Monday 23 November');
    expect(formatGameDay(mondayNightGame)).toBe('Mon 23 Nov');
    expect(formatTime(mondayNightGame)).toBe('20:15');
    expect(formatKickoff(mondayNightGame)).toBe('Mon 23 Nov, 20:15');
  });

  it('another sport’s zone moves the day and the time with it', () => {
    expect(formatDayHeading(mondayNightGame, 'America/Los_Angeles')).toBe('Monday 23 November');
    expect(formatTime(mondayNightGame, 'America/Los_Angeles')).toBe('17:15');
    expect(formatDayHeading(mondayNightGame, 'Asia/Tokyo')).toBe('Tuesday 24 November');
  });

  it('a week range reads month before day (MM.DD, as the spec says), Wednesday to Tuesday, although its end is Wednesday in UTC', () => {
    expect(formatWeekRange(week10)).toBe('11.25 – 12.01');
  });

  it('a week’s opening names the weekday, the date, the 12-hour time and the zone', () => {
    expect(formatOpening(week10.beginDate)).toBe('Wednesday 25 November, 12:00 AM ET');
  });

  it('the note a page carries names the city and the zone', () => {
    expect(formatZoneNote('America/New_York')).toBe('Times in New York time (ET)');
    expect(formatZoneNote('America/Los_Angeles')).toBe('Times in Los Angeles time (PT)');
  });
});
