import { describe, expect, it } from 'vitest';
import { momentsPassed, quarterHourOf } from '#domain/season/answer-clock.ts';

describe('what of the clock a live read follows', () => {
  const kickoffs = ['2026-11-22T18:00:00.000Z', '2026-11-22T18:00:00.000Z', '2026-11-22T21:25:00.000Z'];

  it('counts the kickoffs passed, a kickoff counting from its own instant', () => {
    expect(momentsPassed(kickoffs, new Date('2026-11-22T17:59:59Z'))).toBe(0);
    expect(momentsPassed(kickoffs, new Date('2026-11-22T18:00:00Z'))).toBe(2);
    expect(momentsPassed(kickoffs, new Date('2026-11-22T21:24:00Z'))).toBe(2);
    expect(momentsPassed(kickoffs, new Date('2026-11-22T21:26:00Z'))).toBe(3);
  });

  it('changes quarter hour at every local midnight, whatever the zone (Kathmandu is UTC+5:45)', () => {
    const midnights = ['2026-11-23T05:00:00Z', '2026-11-22T18:15:00Z', '2026-11-22T18:30:00Z'];
    for (const midnight of midnights) {
      const at = Date.parse(midnight);
      expect(quarterHourOf(new Date(at - 1))).not.toBe(quarterHourOf(new Date(at)));
    }
    expect(quarterHourOf(new Date('2026-11-22T21:24:00Z'))).toBe(quarterHourOf(new Date('2026-11-22T21:26:00Z')));
  });
});
