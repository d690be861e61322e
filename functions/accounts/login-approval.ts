// Whether a login may be given to a new user of a client (docs/rules.md, Login approval): it is not taken, and
// the client's own system approves it when the client has a login-check method. A system that cannot be asked
// refuses too, never approves. Sign-up, the login check, User/create and the CSV import all ask here.
import type { Client } from '#domain/auth/user.ts';
import { windowOf } from '#domain/auth/sign-in-throttle.ts';
import { ConflictError, NotFoundError, TooManyRequestsError, UnavailableError } from '#domain/errors.ts';
import { loginCheckPurpose, loginChecksPerWindow, loginCheckWindowMs } from '#domain/tenancy/client-settings.ts';
import type { Deps } from '../adapters/deps.ts';
import { countLoginCheck } from '../store/sign-in-security.ts';
import { loginIsTaken } from '../store/account-claims.ts';
import { methodFor } from '../store/methods.ts';

export type LoginApproval = 'free' | 'taken' | 'refused' | 'unavailable';

/** Seconds a person is asked to wait when the client's system cannot be asked. */
const loginCheckRetrySeconds = 30;

/**
 * Reads the client's login-check method once; the answer checks any number of logins. `beforeAsking` runs
 * before each question to the client's system (the per-address throttle of anonymous checks).
 */
export async function loginApprover(deps: Deps, client: Client, beforeAsking?: () => Promise<void>) {
  const method = await methodFor(deps, client.id, loginCheckPurpose);
  return async (login: string): Promise<LoginApproval> => {
    if (await loginIsTaken(deps, client.id, login)) return 'taken';
    if (!method) return 'free';
    await beforeAsking?.();
    const verdict = await deps.loginDirectory.check(method, login);
    return verdict === 'approved' ? 'free' : verdict;
  };
}

export const loginTakenMessage = (login: string) => `The login '${login}' is already taken`;
export const loginRefusedMessage = 'User not found';
export const loginUncheckableMessage = 'The login cannot be checked now, try again later';

/** The refusal a request answers for a login that is not free: 409 taken, 404 refused, 503 not checkable now. */
export function loginRefusal(approval: Exclude<LoginApproval, 'free'>, login: string) {
  if (approval === 'taken') return new ConflictError(loginTakenMessage(login), 'ALREADY_TAKEN');
  if (approval === 'refused') return new NotFoundError(loginRefusedMessage, 'LOGIN_REFUSED');
  return new UnavailableError(loginUncheckableMessage, loginCheckRetrySeconds, 'LOGIN_CHECK_UNAVAILABLE');
}

/** Each question costs the client's system a call: one anonymous address may not make us flood it (429). */
async function throttleLoginChecks(deps: Deps, client: Client, address: string) {
  const window = windowOf(deps.clock.now(), loginCheckWindowMs);
  if ((await countLoginCheck(deps, client.id, address, window)) > loginChecksPerWindow)
    throw new TooManyRequestsError(
      'Too many logins checked from your address; try again in a minute',
      Math.ceil((window.endsAt.getTime() - deps.clock.now().getTime()) / 1000),
      'LOGIN_CHECKS_THROTTLED',
    );
}

/** Throws the refusal unless the login is free; an anonymous caller's address is throttled. */
export async function requireFreeLogin(deps: Deps, client: Client, login: string, address?: string): Promise<void> {
  const throttle = address === undefined ? undefined : () => throttleLoginChecks(deps, client, address);
  const approval = await (await loginApprover(deps, client, throttle))(login);
  if (approval !== 'free') throw loginRefusal(approval, login);
}
