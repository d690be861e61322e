// Self-service sign-up into the client named by the request's domain, as an active Bettor.
import { toUserPayload, type Client, UserStatus } from '#domain/auth/user.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnavailableError,
} from '#domain/errors.ts';
import { loginCheckPurpose, loginChecksPerWindow, loginCheckWindowMs } from '#domain/tenancy/client-settings.ts';
import { windowOf } from '#domain/auth/sign-in-throttle.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import type { Deps } from '../../adapters/deps.ts';
import { hashPassword } from '../../adapters/passwords.ts';
import { countLoginCheck, createUser, listAllRoles, loginIsTaken } from '../../store/accounts.ts';
import { listMethods } from '../../store/methods.ts';
import type { RouteImpl } from '../area-api.ts';
import { reply } from '../json-answer.ts';
import { requestClient } from '../tenant.ts';

export const selfServiceRoleName = 'Bettor';

async function signUpRole(deps: Deps, client: Client) {
  const roles = await listAllRoles(deps);
  const role = roles.find(
    (candidate) => candidate.clientId === client.id && candidate.name === selfServiceRoleName && !candidate.archivedAt,
  );
  if (client.domain === systemDomain || !role)
    throw new ForbiddenError(`Sign-up is not open at ${client.name}`, 'SIGN_UP_CLOSED');
  return role;
}

/** Seconds a player is asked to wait when the client's system cannot be asked. */
const loginCheckRetrySeconds = 30;

/**
 * A login is taken, or refused by the client's own system when the client has a login-check method; a system
 * that cannot be asked refuses too, never approves (docs/rules.md, Login approval).
 */
async function requireFreeLogin(deps: Deps, client: Client, login: string, address: string) {
  if (await loginIsTaken(deps, client.id, login))
    throw new ConflictError(`The login '${login}' is already taken`, 'ALREADY_TAKEN');
  const method = (await listMethods(deps, client.id)).find((each) => each.methodPurpose === loginCheckPurpose);
  if (!method) return;
  // Each question costs the client's system a call: one address may not make us flood it.
  const window = windowOf(deps.clock.now(), loginCheckWindowMs);
  if ((await countLoginCheck(deps, client.id, address, window)) > loginChecksPerWindow)
    throw new TooManyRequestsError(
      'Too many logins checked from your address; try again in a minute',
      Math.ceil((window.endsAt.getTime() - deps.clock.now().getTime()) / 1000),
      'LOGIN_CHECKS_THROTTLED',
    );
  const verdict = await deps.loginDirectory.check(method, login);
  if (verdict === 'refused') throw new NotFoundError('User not found', 'LOGIN_REFUSED');
  if (verdict === 'unavailable')
    throw new UnavailableError(
      'The login cannot be checked now, try again later',
      loginCheckRetrySeconds,
      'LOGIN_CHECK_UNAVAILABLE',
    );
}

export const register: RouteImpl<'register'> = async (request, deps) => {
  const form = request.input;
  const client = await requestClient(deps, request, form.domain);
  const role = await signUpRole(deps, client);
  await requireFreeLogin(deps, client, form.login, request.sourceIp);
  const user = {
    id: await deps.ids.next('user'),
    clientId: client.id,
    login: form.login,
    displayName: form.displayName,
    emailAddress: form.emailAddress,
    firstName: form.firstName,
    lastName: form.lastName,
    middleName: '',
    phoneNumber: form.phoneNumber,
    status: UserStatus.Active,
    roleId: role.id,
    passwordHash: await hashPassword(form.password),
    dateCreated: deps.clock.now().toISOString(),
  };
  await createUser(deps, user);
  return reply(201, toUserPayload(user, role, client));
};

export const checkLogin: RouteImpl<'checkLogin'> = async (request, deps) => {
  const query = request.input;
  const client = await requestClient(deps, request, query.domain);
  await requireFreeLogin(deps, client, query.login, request.sourceIp);
  return { login: query.login, available: true };
};
