import { UserStatus } from '#domain/auth/user.ts';
import { lockedForSeconds, recordFailure } from '#domain/auth/sign-in-throttle.ts';
import { ForbiddenError, TooManyRequestsError, UnauthenticatedError } from '#domain/errors.ts';
import { decoyHash, verifyPassword } from '../../adapters/passwords.ts';
import { issueToken } from '../../adapters/tokens.ts';
import { findUserByLogin, getThrottle, putThrottle } from '../../store/accounts.ts';
import type { RouteImpl } from '../area-api.ts';
import { requestClient } from '../tenant.ts';

export const signIn: RouteImpl<'signIn'> = async (request, deps) => {
  const form = request.input;
  const client = await requestClient(deps, request, form.domain);
  const now = deps.clock.now();
  const throttle = await getThrottle(deps, client.id, form.login);
  const locked = lockedForSeconds(throttle, now);
  if (locked > 0) {
    throw new TooManyRequestsError(`Too many failed sign-ins; try again in ${Math.ceil(locked / 60)} minutes`, locked);
  }
  const user = await findUserByLogin(deps, client.id, form.login);
  const passwordMatches = await verifyPassword(form.password, user?.passwordHash ?? decoyHash);
  if (!user || !passwordMatches) {
    await putThrottle(deps, client.id, form.login, recordFailure(throttle, now));
    throw new UnauthenticatedError('The login or password is incorrect', 'BAD_CREDENTIALS');
  }
  if (throttle.failures.length) await putThrottle(deps, client.id, form.login, { failures: [] });
  if (user.status !== UserStatus.Active) throw new ForbiddenError('This account is not active', 'USER_NOT_ACTIVE');
  return issueToken(deps, { userId: user.id, clientId: client.id });
};
