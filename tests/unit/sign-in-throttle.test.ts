import { describe, expect, it } from 'vitest';
import { lockedForSeconds, recordFailure, type ThrottleState } from '#domain/auth/sign-in-throttle.ts';

const minute = 60_000;
const t0 = Date.parse('2026-11-22T10:00:00Z');
const failAt = (state: ThrottleState, ...minutes: number[]) =>
  minutes.reduce((current, m) => recordFailure(current, new Date(t0 + m * minute)), state);

describe('sign-in throttle', () => {
  it('four failures within 15 minutes do not lock', () => {
    expect(lockedForSeconds(failAt({ failures: [] }, 0, 1, 2, 3), new Date(t0 + 4 * minute))).toBe(0);
  });

  it('the fifth failure within 15 minutes locks the login for 15 minutes after it', () => {
    const state = failAt({ failures: [] }, 0, 1, 2, 3, 4);
    expect(lockedForSeconds(state, new Date(t0 + 4 * minute))).toBe(15 * 60);
    expect(lockedForSeconds(state, new Date(t0 + 18 * minute))).toBe(60);
    expect(lockedForSeconds(state, new Date(t0 + 19 * minute))).toBe(0);
  });

  it('stays locked even when the first of the five failures ages out of the window', () => {
    const state = failAt({ failures: [] }, 0, 10, 11, 12, 13);
    expect(lockedForSeconds(state, new Date(t0 + 16 * minute))).toBeGreaterThan(0);
  });

  it('five failures spread over more than 15 minutes do not lock', () => {
    expect(lockedForSeconds(failAt({ failures: [] }, 0, 5, 10, 14, 16), new Date(t0 + 16 * minute))).toBe(0);
  });

  it('keeps only the latest five failures', () => {
    expect(failAt({ failures: [] }, 0, 1, 2, 3, 4, 5, 6).failures).toHaveLength(5);
  });
});
