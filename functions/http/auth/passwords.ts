// Forgotten and changed passwords. A reset link is single-use and valid for one hour; asking for
// one answers the same whether or not the login exists, so it tells nobody which logins do.
import { createHash } from 'node:crypto';
import { UserStatus } from '#domain/auth/user.ts';
import { ValidationError } from '#domain/errors.ts';
import { hashPassword, verifyPassword } from '../../adapters/passwords.ts';
import { consumeResetToken, findUserByLogin, getUser, putResetToken, setPasswordHash } from '../../store/accounts.ts';
import type { RouteImpl } from '../area-api.ts';
import { requestClient } from '../tenant.ts';

export const resetLinkLifetimeMs = 60 * 60 * 1000;
const sentMessage = 'The instructions have been sent to your email';
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export const sendPasswordLink: RouteImpl<'sendPasswordLink'> = async (request, deps) => {
  const form = request.input;
  const client = await requestClient(deps, request, form.domain);
  const user = await findUserByLogin(deps, client.id, form.login);
  if (user && user.status === UserStatus.Active) {
    const token = deps.ids.secret();
    const expiresAt = new Date(deps.clock.now().getTime() + resetLinkLifetimeMs).toISOString();
    await putResetToken(deps, hashOf(token), { clientId: client.id, userId: user.id, expiresAt });
    await deps.mailer.send({
      to: user.emailAddress,
      subject: "Reset your Pick'em password",
      text: [
        `Hello ${user.displayName},`,
        '',
        `Someone asked to reset the password of the login '${user.login}' at ${client.name}.`,
        'Open this link within one hour to choose a new password:',
        `${request.origin}/#/reset-password?token=${token}`,
        '',
        'If it was not you, ignore this mail; your password stays as it is.',
      ].join('\n'),
    });
  }
  return { message: sentMessage };
};

export const resetPassword: RouteImpl<'resetPassword'> = async ({ input: form }, deps) => {
  const invalid = new ValidationError(
    'This reset link is invalid, used or expired; ask for a new one',
    undefined,
    'RESET_LINK_INVALID',
  );
  const token = await consumeResetToken(deps, hashOf(form.token));
  if (!token || Date.parse(token.expiresAt) <= deps.clock.now().getTime()) throw invalid;
  const user = await getUser(deps, token.clientId, token.userId);
  if (!user) throw invalid;
  await setPasswordHash(deps, user, await hashPassword(form.newPassword));
  return { message: 'Password changed' };
};

export const setPassword: RouteImpl<'setPassword'> = async ({ input: form, caller }, deps) => {
  if (!(await verifyPassword(form.oldPassword, caller.user.passwordHash))) {
    throw new ValidationError('The old password is not correct', undefined, 'OLD_PASSWORD_WRONG');
  }
  await setPasswordHash(deps, caller.user, await hashPassword(form.newPassword));
  return { message: 'Password changed' };
};
