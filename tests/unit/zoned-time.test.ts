// The sport's wall clock (docs/rules.md, Formats and Week): read with Intl's zone data, never the machine's zone, and
// right on the days the clocks change.
import { describe, expect, it } from 'vitest';
import { cronAt } from '#domain/processes/live-window.ts';
import {
  formatZoned,
  knownAbbreviations,
  localDate,
  weekStartOf,
  zoneAbbreviation,
  zonedInstant,
  zonedParts,
} from '#domain/season/zoned-time.ts';

describe('an instant on a zone’s wall clock', () => {
  it('midnight is hour 0, not 24, and the weekday is the zone’s', () => {
    expect(zonedParts('2026-11-25T05:00:00Z', 'America/New_York')).toEqual({
      year: 2026,
      month: 11,
      day: 25,
      weekday: 3,
      hour: 0,
      minute: 0,
      second: 0,
    });
  });

  it('every pattern the app uses reads in English, day before month', () => {
    const mondayNight = '2026-11-24T01:15:09Z';
    expect(formatZoned(mondayNight, 'ddd D MMM, HH:mm')).toBe('Mon 23 Nov, 20:15');
    expect(formatZoned(mondayNight, 'dddd D MMMM, h:mm A')).toBe('Monday 23 November, 8:15 PM');
    expect(formatZoned(mondayNight, 'ddd D MMMM YYYY, hh:mm A')).toBe('Mon 23 November 2026, 08:15 PM');
    expect(formatZoned(mondayNight, 'HH:mm:ss')).toBe('20:15:09');
    expect(formatZoned(mondayNight, 'MM.DD')).toBe('11.23');
    expect(formatZoned(mondayNight, 'D MMM YYYY', 'Asia/Tokyo')).toBe('24 Nov 2026');
    expect(formatZoned('2026-11-25T17:00:00Z', 'h:mm A')).toBe('12:00 PM');
    expect(formatZoned('2026-11-25T05:30:00Z', 'hh:mm A')).toBe('12:30 AM');
  });

  it('zones half and three quarters of an hour off read their own minutes', () => {
    expect(formatZoned('2026-06-01T00:00:00Z', 'HH:mm', 'Asia/Kolkata')).toBe('05:30');
    expect(formatZoned('2026-06-01T00:00:00Z', 'HH:mm', 'Pacific/Chatham')).toBe('12:45');
  });
});

describe('a wall-clock time in a zone as an instant', () => {
  it('reads the offset of its own day, either side of a change', () => {
    expect(zonedInstant('2026-03-07T12:00', 'America/New_York').toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(zonedInstant('2026-03-09T12:00', 'America/New_York').toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(zonedInstant('2026-04-05T12:00', 'Australia/Sydney').toISOString()).toBe('2026-04-05T02:00:00.000Z');
    expect(zonedInstant('2026-01-10', 'Asia/Tokyo').toISOString()).toBe('2026-01-09T15:00:00.000Z');
  });

  it('a time the clocks skip is read after the jump', () => {
    expect(zonedInstant('2026-03-08T02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedInstant('2026-03-29T02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('a time the clocks show twice is the first of the two', () => {
    expect(zonedInstant('2026-11-01T01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInstant('2026-10-25T02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('goes back to the same wall clock for every hour of a year', () => {
    for (const zone of ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Australia/Lord_Howe']) {
      for (let hour = 0; hour < 365 * 24; hour += 7) {
        const instant = Date.UTC(2026, 0, 1) + hour * 3_600_000;
        const local = formatZoned(instant, 'YYYY-MM-DDTHH:mm', zone);
        expect(formatZoned(zonedInstant(local, zone), 'YYYY-MM-DDTHH:mm', zone)).toBe(local);
      }
    }
  });

  it('refuses what is not a date', () => {
    expect(() => zonedInstant('soon', 'America/New_York')).toThrow(RangeError);
  });
});

describe('weeks and schedules', () => {
  it('a week starts on the Wednesday at 00:00 in the zone, across the change to winter time', () => {
    expect(weekStartOf('2026-11-03T12:00:00Z').toISOString()).toBe('2026-10-28T04:00:00.000Z');
    expect(localDate(weekStartOf('2026-11-03T12:00:00Z'))).toBe('2026-10-28');
  });

  it('a one-time schedule names the New York minute of its instant', () => {
    expect(cronAt('2026-11-22T18:00:00Z')).toBe('cron(0 13 22 11 ? 2026)');
    expect(cronAt('2026-07-04T00:05:00Z')).toBe('cron(5 20 3 7 ? 2026)');
    // 1 November 2026 in New York shows 01:00-01:59 twice: a cron names the first (EDT, 05:xx UTC); the second
    // (EST, 06:xx UTC) is fired at 02:xx EST rather than an hour early.
    expect(cronAt('2026-11-01T05:01:00Z')).toBe('cron(1 1 1 11 ? 2026)');
    expect(cronAt('2026-11-01T06:01:00Z')).toBe('cron(1 2 1 11 ? 2026)');
    expect(cronAt('2026-11-01T07:01:00Z')).toBe('cron(1 2 1 11 ? 2026)');
  });

  it('a one-time schedule of an instant within a minute fires at the next minute, never before what it is set for', () => {
    // Fired at 13:00 for a 13:00:30 kickoff, Live Scores would find no game under way and set 13:00 again: a past
    // one-time cron, which never fires.
    expect(cronAt('2026-11-22T18:00:30Z')).toBe('cron(1 13 22 11 ? 2026)');
    expect(cronAt('2026-11-22T18:00:00.001Z')).toBe('cron(1 13 22 11 ? 2026)');
  });
});

describe('a zone’s short name', () => {
  it('the names kept for North American zones are the ones Intl gives', () => {
    for (const [zone, name] of Object.entries(knownAbbreviations)) {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortGeneric' }).formatToParts();
      expect(parts.find((part) => part.type === 'timeZoneName')?.value, zone).toBe(name);
    }
  });

  it('any other zone is named by Intl', () => {
    expect(zoneAbbreviation('Asia/Tokyo')).toBe('Japan Time');
  });
});
