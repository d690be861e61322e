// Password guessing is slowed per (login, source address) and capped per login and per address (docs/rules.md,
// Sign-in throttle): five free failures from one address, then each further attempt waits a delay that doubles per
// failure up to 15 minutes; a login takes at most 100 failures per 15-minute window from all addresses together; and
// an address at most 50 failures per window whatever the logins (an office's players share one address), so a flood of made-up logins from one address is
// refused before it costs a password hash each. So a stranger elsewhere cannot lock a player out, while guessing
// stays slow.
export const freeFailures = 5;
export const firstDelaySeconds = 30;
export const maxDelaySeconds = 15 * 60;
export const loginCeiling = 100;
export const loginWindowMs = 15 * 60 * 1000;
export const addressCeiling = 50;
/** A (login, address) counter left alone this long is forgotten. */
export const forgetAfterMs = 24 * 60 * 60 * 1000;

export interface AddressFailures {
  failures: number;
  /** UTC ISO instant of the latest counted attempt. */
  lastFailureAt: string;
}

/** The wait after `failures` failures from one address: none for the free ones, then doubling, capped. */
export function delaySeconds(failures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** Math.min(failures - freeFailures, 30));
}

/** Seconds the next attempt from this address must still wait given the counter before it, or 0 when it may try. */
export function addressRetryAfterSeconds(before: AddressFailures | undefined, now: Date): number {
  if (!before) return 0;
  const last = Date.parse(before.lastFailureAt);
  if (now.getTime() - last >= forgetAfterMs) return 0;
  return Math.max(0, Math.ceil((last + delaySeconds(before.failures) * 1000 - now.getTime()) / 1000));
}

/** The fixed window an instant falls in: its number (for the counter's key) and when it ends. */
export function windowOf(now: Date, lengthMs: number): { index: number; endsAt: Date } {
  const index = Math.floor(now.getTime() / lengthMs);
  return { index, endsAt: new Date((index + 1) * lengthMs) };
}

/** Seconds until the current window ends when `failures` (this attempt included) pass the ceiling, or 0. */
function ceilingRetryAfterSeconds(failures: number, ceiling: number, now: Date): number {
  if (failures <= ceiling) return 0;
  return Math.max(1, Math.ceil((windowOf(now, loginWindowMs).endsAt.getTime() - now.getTime()) / 1000));
}

/** Seconds the login must wait once `failures` (this attempt included) are counted in the current window, or 0. */
export const loginRetryAfterSeconds = (failures: number, now: Date) =>
  ceilingRetryAfterSeconds(failures, loginCeiling, now);

/** Seconds the address must wait once `failures` of any logins (this attempt included) are counted in the window. */
export const addressCeilingRetryAfterSeconds = (failures: number, now: Date) =>
  ceilingRetryAfterSeconds(failures, addressCeiling, now);

/** "30 seconds", "2 minutes": how long to wait, for the 429 message. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
