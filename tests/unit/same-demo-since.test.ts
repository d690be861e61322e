// From when on the seed makes the demo it would make now: the test run seeds once per week of its clocks.
import { describe, expect, it } from 'vitest';
import { sameDemoSince } from '../../functions/seed/demo-seasons.ts';

const since = (now: string) => sameDemoSince(new Date(now)).toISOString();

describe('sameDemoSince', () => {
  it('from half an hour into a week to its last moment, it is half an hour into the week: Wednesday 00:30 in New York', () => {
    expect(since('2026-11-18T05:30:00Z')).toBe('2026-11-18T05:30:00.000Z');
    expect(since('2026-11-22T17:00:00Z')).toBe('2026-11-18T05:30:00.000Z');
    expect(since('2026-11-25T04:59:59.999Z')).toBe('2026-11-18T05:30:00.000Z');
  });

  it('in the first half hour of a week, before its picks go in, it is the instant itself', () => {
    expect(since('2026-11-25T05:00:00Z')).toBe('2026-11-25T05:00:00.000Z');
    expect(since('2026-11-25T05:29:59Z')).toBe('2026-11-25T05:29:59.000Z');
  });

  it("follows New York's daylight saving time: a summer week starts at 04:00 UTC", () => {
    expect(since('2026-07-12T18:00:00Z')).toBe('2026-07-08T04:30:00.000Z');
  });
});
