// Forgotten and changed passwords (docs/rules.md, Password reset). Asking for a reset link answers the same
// whether or not the login exists and whether or not a mail went out, so it tells nobody which logins do.
import { resetLinkLifetimeMs, resetMailAllowed, resetMailWindowMs, resetRetryMs } from '#domain/auth/password-reset.ts';
import { windowOf } from '#domain/auth/sign-in-throttle.ts';
import { type User, UserStatus } from '#domain/auth/user.ts';
import { ValidationError } from '#domain/errors.ts';
import type { Deps } from '../../adapters/deps.ts';
import { issueUserToken } from '../../adapters/tokens.ts';
import { getClient } from '../../store/clients.ts';
import {
  countResetMail,
  countResetRetry,
  findResetToken,
  isLatestResetToken,
  useResetToken,
  voidResetLinks,
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

/**
 * A used link finishes only the reset it was used for: asked again soon (a few times at most, so it tests no guesses)
 * with the same new password, while the password is still the one it set or the one it replaced (a change made since
 * stays).
 */
async function sameResetAgain(deps: Deps, tokenHash: string, newPassword: string, user: User, now: Date) {
  const used = await findResetToken(deps, tokenHash);
  if (!used?.usedFor || !(Date.parse(used.usedAt ?? '') + resetRetryMs > now.getTime())) return undefined;
  if (user.passwordHash !== used.usedFor && user.passwordHash !== used.usedOver) return undefined;
  if (!(await countResetRetry(deps, tokenHash))) return undefined;
  const same = await deps.passwords.verify(newPassword, used.usedFor);
  return same && (await isLatestResetToken(deps, tokenHash, used)) ? used : undefined;
}

export const resetPassword: RouteImpl<'resetPassword'> = async ({ input: form }, deps) => {
  const invalid = new ValidationError(
    'This reset link is invalid, used or expired; ask for a new one',
    undefined,
    'RESET_LINK_INVALID',
  );
  const tokenHash = hashOfLinkToken(form.token);
  const now = deps.clock.now();
  const found = await findResetToken(deps, tokenHash);
  // Looked at before the new password is hashed, so a made-up token costs no hash. A link used just before it expired
  // may still finish its reset asked again (sameResetAgain's own window).
  if (!found || (!found.usedFor && Date.parse(found.expiresAt) <= now.getTime())) throw invalid;
  const [user, client] = await Promise.all([
    getUser(deps, found.clientId, found.userId),
    getClient(deps, found.clientId),
  ]);
  if (!user || user.deletedAt || !client || client.archivedAt) throw invalid;
  // Used up only once the new password is hashed, so a hash refused while the server is busy (429) leaves it working;
  // one used meanwhile (the same reset sent twice) is asked again.
  const token =
    (!found.usedFor &&
      (await useResetToken(deps, tokenHash, {
        passwordHash: await deps.passwords.hash(form.newPassword),
        over: user.passwordHash,
        at: now,
      }))) ||
    (await sameResetAgain(deps, tokenHash, form.newPassword, user, now));
  if (!token?.usedFor) throw invalid;
  if (user.passwordHash !== token.usedFor) await setPasswordHash(deps, user, token.usedFor);
  return { message: 'Password changed' };
};

/** Ends every other session of the user and answers a new token, so this one stays signed in (remembered if it was). */
export const setPassword: RouteImpl<'setPassword'> = async ({ input: form, caller, sourceIp }, deps) => {
  const { user } = caller;
  const attempt = { clientId: user.clientId, login: user.login, address: sourceIp };
  if (
    !(await throttledPasswordCheck(deps, attempt, () => deps.passwords.verify(form.oldPassword, user.passwordHash)))
  ) {
    throw new ValidationError('The old password is not correct', undefined, 'OLD_PASSWORD_WRONG');
  }
  // A reset or set-password link mailed before is void (first: a failure after leaves none working either).
  await voidResetLinks(deps, user.clientId, user.id);
  const tokenVersion = await setPasswordHash(deps, user, await deps.passwords.hash(form.newPassword));
  const fresh = await issueUserToken(deps, { ...user, tokenVersion }, caller.remembered);
  return { message: 'Password changed', ...fresh };
};
