// Every password check goes through the sign-in throttle (docs/rules.md, Sign-in throttle). The attempt is
// counted before the password is checked, atomically, so concurrent guesses cannot slip past the count.
import { addressRetryAfterSeconds, loginRetryAfterSeconds, waitText } from '#domain/auth/sign-in-throttle.ts';
import { TooManyRequestsError } from '#domain/errors.ts';
import type { Deps } from '../../adapters/deps.ts';
import {
  addLoginFailures,
  type Attempt,
  clearAddressFailures,
  countAddressAttempt,
  uncountAddressAttempt,
} from '../../store/sign-in-security.ts';

/** Runs the check unless the throttle refuses the attempt (429); a wrong password stays counted as a failure. */
export async function throttledPasswordCheck(
  deps: Deps,
  attempt: Attempt,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const now = deps.clock.now();
  const before = await countAddressAttempt(deps, attempt, now);
  let wait = addressRetryAfterSeconds(before, now);
  if (wait === 0) {
    wait = loginRetryAfterSeconds(await addLoginFailures(deps, attempt, now, 1), now);
    if (wait > 0) await addLoginFailures(deps, attempt, now, -1);
  }
  if (wait > 0) {
    await uncountAddressAttempt(deps, attempt, before);
    throw new TooManyRequestsError(`Too many failed sign-ins; try again in ${waitText(wait)}`, wait);
  }
  if (!(await check())) return false;
  await Promise.all([clearAddressFailures(deps, attempt), addLoginFailures(deps, attempt, now, -1)]);
  return true;
}
