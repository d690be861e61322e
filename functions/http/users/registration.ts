// Self-service sign-up into the client named by the request's domain, as an active Bettor; at an invite-only
// client only with a working invite link of it (docs/rules.md, Invites).
import { toUserPayload, type Client, UserStatus } from '#domain/auth/user.ts';
import { ForbiddenError, ValidationError } from '#domain/errors.ts';
import { inviteNotValidMessage, inviteRefusal, inviteRequiredMessage } from '#domain/tenancy/invites.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import type { Deps } from '../../adapters/deps.ts';
import { loginRefusal, requireFreeLogin } from '../../accounts/login-approval.ts';
import { accountRoleNamed } from '../../store/roles.ts';
import { createUser, loginIsTaken, readClaim } from '../../store/account-claims.ts';
import { findInvite, returnInviteUse, useInvite } from '../../store/invites.ts';
import { hashOfLinkToken } from '../../accounts/password-link.ts';
import type { RouteImpl } from '../area-api.ts';
import { reply } from '../json-answer.ts';
import { requestClient } from '../tenant.ts';

export const selfServiceRoleName = 'Bettor';

async function signUpRole(deps: Deps, client: Client) {
  const role = client.domain === systemDomain ? undefined : await accountRoleNamed(deps, client, selfServiceRoleName);
  if (!role) throw new ForbiddenError(`Sign-up is not open at ${client.name}`, 'SIGN_UP_CLOSED');
  return role;
}

/**
 * The invite the sign-up comes with, when it works for the client now; at an invite-only client, a refusal (400)
 * when there is none. A code that does not work at an open client is no reason to refuse.
 */
async function workingInvite(deps: Deps, client: Client, code: string | undefined) {
  const invite = code ? await findInvite(deps, hashOfLinkToken(code)) : undefined;
  const refusal = code ? inviteRefusal(invite, client.id, deps.clock.now()) : 'missing';
  if (!refusal) return invite;
  if (!client.inviteOnly) return undefined;
  if (refusal === 'missing')
    throw new ValidationError(
      inviteRequiredMessage(client.name),
      [{ field: 'inviteCode', message: 'required' }],
      'INVITE_REQUIRED',
    );
  throw new ValidationError(
    inviteNotValidMessage(refusal),
    [{ field: 'inviteCode', message: refusal }],
    'INVITE_NOT_VALID',
  );
}

export const register: RouteImpl<'register'> = async (request, deps) => {
  const form = request.input;
  const client = await requestClient(deps, request, form.domain);
  const role = await signUpRole(deps, client);
  // A taken login is said before the link is judged: a sign-up asked again after its answer was lost finds its own
  // account (the app then signs in with what was typed), not the link it used up.
  if (await loginIsTaken(deps, client.id, form.login)) throw loginRefusal('taken', form.login);
  const invite = await workingInvite(deps, client, form.inviteCode);
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
  // The use is counted first, so a link allows no more sign-ups than it says, and given back if the account is not made.
  const counted = invite !== undefined && (await useInvite(deps, invite, deps.clock.now()));
  if (invite && !counted && client.inviteOnly)
    throw new ValidationError(
      inviteNotValidMessage('used up'),
      [{ field: 'inviteCode', message: 'used up' }],
      'INVITE_NOT_VALID',
    );
  try {
    await createUser(deps, user);
  } catch (error) {
    // Given back only when the account was not made: one whose login claim is made is finished later (by a sign-in
    // or the start-up), so it used the link; when that cannot be told, the use stays counted.
    const made = async () => (await readClaim(deps, client.id, user.login))?.userId === user.id;
    if (counted && !(await made().catch(() => true))) await returnInviteUse(deps, invite);
    throw error;
  }
  return reply(201, toUserPayload(user, role, client));
};

/**
 * What the sign-up page says on arrival; with a code, whether it works here now, so a bad link is refused before
 * anything is typed. A code of another client answers as a forged one does: nothing about other tenants leaks.
 */
export const signUpRules: RouteImpl<'signUpRules'> = async (request, deps) => {
  const { domain, inviteCode } = request.input;
  const client = await requestClient(deps, request, domain);
  const rules = { clientName: client.name, inviteOnly: client.inviteOnly === true };
  if (!inviteCode) return rules;
  const refusal = inviteRefusal(await findInvite(deps, hashOfLinkToken(inviteCode)), client.id, deps.clock.now());
  return { ...rules, invite: refusal ? { works: false, message: inviteNotValidMessage(refusal) } : { works: true } };
};

export const checkLogin: RouteImpl<'checkLogin'> = async (request, deps) => {
  const query = request.input;
  const client = await requestClient(deps, request, query.domain);
  // Only where one may sign up: elsewhere it would tell anyone which logins exist (the system administrators').
  await signUpRole(deps, client);
  await requireFreeLogin(deps, client, query.login, request.sourceIp);
  return { login: query.login, available: true };
};
