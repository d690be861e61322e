import { describe, expect, it } from 'vitest';
import {
  addressCeiling,
  addressCeilingRetryAfterSeconds,
  addressRetryAfterSeconds,
  delaySeconds,
  loginCeiling,
  loginRetryAfterSeconds,
  waitText,
  windowOf,
} from '#domain/auth/sign-in-throttle.ts';
import { resetMailAllowed } from '#domain/auth/password-reset.ts';

const minute = 60_000;
const t0 = Date.parse('2026-11-22T10:00:00Z');
const at = (minutes: number) => new Date(t0 + minutes * minute);
const failed = (failures: number, minutes = 0) => ({ failures, lastFailureAt: at(minutes).toISOString() });

describe('sign-in throttle per (login, address)', () => {
  it('lets the first five attempts through without waiting', () => {
    expect(addressRetryAfterSeconds(undefined, at(0))).toBe(0);
    for (const failures of [1, 2, 3, 4]) expect(addressRetryAfterSeconds(failed(failures), at(0))).toBe(0);
  });

  it('after five failures makes each attempt wait a delay that doubles per failure', () => {
    expect([5, 6, 7, 8, 9].map(delaySeconds)).toEqual([30, 60, 120, 240, 480]);
    expect(addressRetryAfterSeconds(failed(5), at(0))).toBe(30);
    expect(addressRetryAfterSeconds(failed(6), at(0.5))).toBe(30);
    expect(addressRetryAfterSeconds(failed(6), at(1))).toBe(0);
  });

  it('caps the delay at 15 minutes however many failures there were', () => {
    expect(delaySeconds(10)).toBe(15 * 60);
    expect(delaySeconds(10_000)).toBe(15 * 60);
    expect(addressRetryAfterSeconds(failed(500), at(14))).toBe(60);
    expect(addressRetryAfterSeconds(failed(500), at(15))).toBe(0);
  });

  it('forgets an address that has been quiet for a day', () => {
    expect(addressRetryAfterSeconds(failed(500, 0), at(24 * 60))).toBe(0);
  });
});

describe('sign-in throttle per login', () => {
  it('allows 100 failures per 15-minute window from all addresses, then refuses until the window ends', () => {
    expect(loginRetryAfterSeconds(loginCeiling, at(3))).toBe(0);
    expect(loginRetryAfterSeconds(loginCeiling + 1, at(3))).toBe(12 * 60);
    expect(loginRetryAfterSeconds(loginCeiling + 1, new Date(windowOf(at(3), 15 * minute).endsAt.getTime() - 10))).toBe(
      1,
    );
  });

  it('numbers fixed windows so a new one starts from zero', () => {
    expect(windowOf(at(0), 15 * minute).index + 1).toBe(windowOf(at(15), 15 * minute).index);
    expect(windowOf(at(1), 15 * minute).endsAt).toEqual(at(15));
  });
});

describe('sign-in throttle per address, whatever the logins', () => {
  it('allows 50 failures per 15-minute window from one address, then refuses until the window ends', () => {
    expect(addressCeiling).toBe(50);
    expect(addressCeilingRetryAfterSeconds(addressCeiling, at(3))).toBe(0);
    expect(addressCeilingRetryAfterSeconds(addressCeiling + 1, at(3))).toBe(12 * 60);
    expect(addressCeilingRetryAfterSeconds(addressCeiling + 80, at(14.5))).toBe(30);
  });
});

describe('wait text and reset mails', () => {
  it('says seconds below a minute and whole minutes above', () => {
    expect(waitText(30)).toBe('30 seconds');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(900)).toBe('15 minutes');
  });

  it('sends at most three reset mails per login and window', () => {
    expect([1, 2, 3, 4].map(resetMailAllowed)).toEqual([true, true, true, false]);
  });
});
