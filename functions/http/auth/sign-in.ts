import { isActiveMember } from '#domain/auth/user.ts';
import { ForbiddenError, UnauthenticatedError } from '#domain/errors.ts';
import { issueUserToken } from '../../adapters/tokens.ts';
import { getRole } from '../../store/roles.ts';
import { upgradePasswordHash } from '../../store/users.ts';
import { findUserByLogin } from '../../store/account-claims.ts';
import type { RouteImpl } from '../area-api.ts';
import { assertRoleHeld } from '../auth-guard.ts';
import { clientClosedMessage, requestTenant } from '../tenant.ts';
import { throttledPasswordCheck } from './password-throttle.ts';

export const signIn: RouteImpl<'signIn'> = async (request, deps) => {
  const form = request.input;
  const client = await requestTenant(deps, request, form.domain);
  const user = await findUserByLogin(deps, client.id, form.login);
  const attempt = { clientId: client.id, login: form.login, address: request.sourceIp };
  const passwordMatches = await throttledPasswordCheck(deps, attempt, () =>
    deps.passwords.verify(form.password, user?.passwordHash || deps.passwords.decoy),
  );
  if (!user || !passwordMatches)
    throw new UnauthenticatedError('The login or password is incorrect', 'BAD_CREDENTIALS');
  // Only someone who knows a member's password learns that the pool is closed (docs/rules.md, Clients).
  if (client.archivedAt) throw new ForbiddenError(clientClosedMessage, 'CLIENT_CLOSED');
  if (!isActiveMember(user)) throw new ForbiddenError('This account is not active', 'USER_NOT_ACTIVE');
  assertRoleHeld(await getRole(deps, user.roleId));
  if (deps.passwords.needsRehash(user.passwordHash))
    await upgradePasswordHash(deps, user, await deps.passwords.hash(form.password));
  return issueUserToken(deps, user, form.remember === true);
};
