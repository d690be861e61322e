// Five failed sign-ins for one login within 15 minutes lock that login for 15 minutes after the fifth.
export const maxFailures = 5;
export const windowMs = 15 * 60 * 1000;

export interface ThrottleState {
  /** UTC ISO instants of the latest failed sign-ins, oldest first, at most five. */
  failures: readonly string[];
}

/** Seconds until the login may try again, or 0 when it is not locked. */
export function lockedForSeconds({ failures }: ThrottleState, now: Date): number {
  if (failures.length < maxFailures) return 0;
  const first = Date.parse(failures.at(-maxFailures)!);
  const fifth = Date.parse(failures.at(-1)!);
  if (fifth - first >= windowMs) return 0;
  return Math.max(0, Math.ceil((fifth + windowMs - now.getTime()) / 1000));
}

export function recordFailure({ failures }: ThrottleState, now: Date): ThrottleState {
  return { failures: [...failures, now.toISOString()].slice(-maxFailures) };
}
