// Self-service sign-up into the client named by the request's domain, as an active Bettor.
import { toUserPayload, type Client, UserStatus } from '#domain/auth/user.ts';
import { ForbiddenError } from '#domain/errors.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import type { Deps } from '../../adapters/deps.ts';
import { requireFreeLogin } from '../../accounts/login-approval.ts';
import { listAllRoles } from '../../store/roles.ts';
import { createUser } from '../../store/account-claims.ts';
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
    passwordHash: await deps.passwords.hash(form.password),
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
