// Forgotten and changed passwords (docs/rules.md, Password reset). Asking for a reset link answers the same
// whether or not the login exists and whether or not a mail went out, so it tells nobody which logins do.
import { resetLinkLifetimeMs, resetMailAllowed, resetMailWindowMs } from '#domain/auth/password-reset.ts';
import { windowOf } from '#domain/auth/sign-in-throttle.ts';
import { type User, UserStatus } from '#domain/auth/user.ts';
import { ValidationError } from '#domain/errors.ts';
import type { Deps } from '../../adapters/deps.ts';
import { issueUserToken } from '../../adapters/tokens.ts';
import { getClient } from '../../store/clients.ts';
import {
  countResetMail,
  findResetToken,
  isLatestResetToken,
  type ResetToken,
  useResetToken,
} from '../../store/sign-in-security.ts';
import { getUser, setPasswordHash } from '../../store/users.ts';
import { findUserByLogin } from '../../store/account-claims.ts';
import type { RouteImpl } from '../area-api.ts';
import { requestClient } from '../tenant.ts';
import { hashOfLinkToken, mailPasswordLink } from '../../accounts/password-link.ts';
import { throttledPasswordCheck } from './password-throttle.ts';

const sentMessage = 'The instructions have been sent to your email';

export const sendPasswordLink: RouteImpl<'sendPasswordLink'> = async (request, deps) => {
  const form = request.input;
  const client = await requestClient(deps, request, form.domain);
  // A site without a mail address refuses everyone alike, before anything tells whether the login exists.
  deps.siteUrl(client.domain);
  const now = deps.clock.now();
  const mails = await countResetMail(deps, client.id, form.login, windowOf(now, resetMailWindowMs));
  const user = await findUserByLogin(deps, client.id, form.login);
  if (user && user.status === UserStatus.Active && resetMailAllowed(mails)) {
    await mailPasswordLink(deps, { client, user, kind: 'reset', lifetimeMs: resetLinkLifetimeMs });
  }
  return { message: sentMessage };
};

/** How long after a link was used the same reset, asked again, may finish it (its answer lost, or a fault after). */
export const resetRetryMs = 10 * 60 * 1000;

interface ResetAsked {
  tokenHash: string;
  newPassword: string;
  user: User;
  address: string;
  now: Date;
}

/**
 * A used link finishes only the reset it was used for, asked again soon with the same new password; the check is a
 * sign-in attempt (throttled, a wrong one counted), so a used link tests no guesses.
 */
async function sameResetAgain(deps: Deps, used: ResetToken, asked: ResetAsked) {
  if (Date.parse(used.usedAt ?? '') + resetRetryMs <= asked.now.getTime()) return undefined;
  const attempt = { clientId: asked.user.clientId, login: asked.user.login, address: asked.address };
  const same = await throttledPasswordCheck(deps, attempt, () =>
    deps.passwords.verify(asked.newPassword, used.usedFor!),
  );
  return same && (await isLatestResetToken(deps, asked.tokenHash, used)) ? used : undefined;
}

export const resetPassword: RouteImpl<'resetPassword'> = async ({ input: form, sourceIp }, deps) => {
  const invalid = new ValidationError(
    'This reset link is invalid, used or expired; ask for a new one',
    undefined,
    'RESET_LINK_INVALID',
  );
  const tokenHash = hashOfLinkToken(form.token);
  const now = deps.clock.now();
  const found = await findResetToken(deps, tokenHash);
  // Looked at before the new password is hashed, so a made-up token costs no hash.
  if (!found || Date.parse(found.expiresAt) <= now.getTime()) throw invalid;
  const [user, client] = await Promise.all([
    getUser(deps, found.clientId, found.userId),
    getClient(deps, found.clientId),
  ]);
  if (!user || !client || client.archivedAt) throw invalid;
  // Used up only once the new password is hashed, so a hash refused while the server is busy (429) leaves it working.
  const token = found.usedFor
    ? await sameResetAgain(deps, found, { tokenHash, newPassword: form.newPassword, user, address: sourceIp, now })
    : await useResetToken(deps, tokenHash, await deps.passwords.hash(form.newPassword), now);
  if (!token?.usedFor) throw invalid;
  if (user.passwordHash !== token.usedFor) await setPasswordHash(deps, user, token.usedFor);
  return { message: 'Password changed' };
};

/** Ends every other session of the user and answers a new token, so this one stays signed in. */
export const setPassword: RouteImpl<'setPassword'> = async ({ input: form, caller, sourceIp }, deps) => {
  const { user } = caller;
  const attempt = { clientId: user.clientId, login: user.login, address: sourceIp };
  if (
    !(await throttledPasswordCheck(deps, attempt, () => deps.passwords.verify(form.oldPassword, user.passwordHash)))
  ) {
    throw new ValidationError('The old password is not correct', undefined, 'OLD_PASSWORD_WRONG');
  }
  const tokenVersion = await setPasswordHash(deps, user, await deps.passwords.hash(form.newPassword));
  const fresh = await issueUserToken(deps, { ...user, tokenVersion });
  return { message: 'Password changed', ...fresh };
};
