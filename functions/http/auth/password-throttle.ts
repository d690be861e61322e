// Every password check goes through the sign-in throttle (docs/rules.md, Sign-in throttle). The attempt is
// counted before the password is checked, atomically, so concurrent guesses cannot slip past the count: first
// against its address's failures of any logins, so a flood from one address is refused before it costs a hash.
import {
  addressCeilingRetryAfterSeconds,
  addressRetryAfterSeconds,
  loginRetryAfterSeconds,
  waitText,
} from '#domain/auth/sign-in-throttle.ts';
import { TooManyRequestsError } from '#domain/errors.ts';
import type { Deps } from '../../adapters/deps.ts';
import {
  addAddressWindowFailures,
  addLoginFailures,
  type Attempt,
  clearAddressFailures,
  countAddressAttempt,
  uncountAddressAttempt,
} from '../../store/sign-in-security.ts';

/**
 * Counts the attempt against each limit in turn, taking back what it counted when one refuses it: answers the wait,
 * and the (login, address) counter as it was before (to take this attempt back later).
 */
async function countAttempt(deps: Deps, attempt: Attempt, now: Date) {
  let wait = addressCeilingRetryAfterSeconds(await addAddressWindowFailures(deps, attempt, now, 1), now);
  if (wait > 0) {
    await addAddressWindowFailures(deps, attempt, now, -1);
    return { wait };
  }
  const before = await countAddressAttempt(deps, attempt, now);
  wait = addressRetryAfterSeconds(before, now);
  if (wait === 0) {
    wait = loginRetryAfterSeconds(await addLoginFailures(deps, attempt, now, 1), now);
    if (wait > 0) await addLoginFailures(deps, attempt, now, -1);
  }
  if (wait > 0)
    await Promise.all([uncountAddressAttempt(deps, attempt, before), addAddressWindowFailures(deps, attempt, now, -1)]);
  return { wait, before };
}

/**
 * Runs the check unless the throttle refuses the attempt (429); a wrong password stays counted as a failure. A check
 * the hashing threads were too busy to run (429, hashing-threads.ts) says nothing of the password: it stays counted
 * in the address's window only, so a flood still fills that at once, but a player asking again is not slowed.
 */
export async function throttledPasswordCheck(
  deps: Deps,
  attempt: Attempt,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const now = deps.clock.now();
  const { wait, before } = await countAttempt(deps, attempt, now);
  if (wait > 0) throw new TooManyRequestsError(`Too many failed sign-ins; try again in ${waitText(wait)}`, wait);
  const matches = await check().catch(async (error: unknown) => {
    if (error instanceof TooManyRequestsError && error.code === 'PASSWORDS_BUSY')
      await Promise.all([uncountAddressAttempt(deps, attempt, before), addLoginFailures(deps, attempt, now, -1)]);
    throw error;
  });
  if (!matches) return false;
  await Promise.all([
    clearAddressFailures(deps, attempt),
    addLoginFailures(deps, attempt, now, -1),
    addAddressWindowFailures(deps, attempt, now, -1),
  ]);
  return true;
}
