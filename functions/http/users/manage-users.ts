// An administrator creates and deletes users (docs/rules.md, Users).
import { Permission } from '#domain/auth/permissions.ts';
import { assertRoleChoice, outrankedRefusal } from '#domain/auth/role-choice.ts';
import { bettorRoleName } from '#domain/auth/standard-roles.ts';
import { administers } from '#domain/auth/administrators.ts';
import type { Client } from '#domain/auth/user.ts';
import type { newUserForm } from '#domain/contracts/users.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#domain/errors.ts';
import type * as z from 'zod/mini';
import { loginRefusal } from '../../accounts/login-approval.ts';
import { createUserAccounts, type RefusalCode } from '../../accounts/user-accounts.ts';
import type { Deps } from '../../adapters/deps.ts';
import { findClientByDomain, liveClient } from '../../store/clients.ts';
import { accountRoleNamed, getRole, liveRoleOf } from '../../store/roles.ts';
import { archiveUser, finishArchive, getUser } from '../../store/users.ts';
import { removeAdministrator, settleAdministrator } from '../../store/administrators.ts';
import { directoryRow } from '../../store/user-directory.ts';
import type { RouteImpl } from '../area-api.ts';
import { type Caller, scopedClientId } from '../auth-guard.ts';
import { reply } from '../json-answer.ts';
import { toListRow } from './user-list.ts';

type NewUserForm = z.output<typeof newUserForm>;

const otherClientRefused = () =>
  new ForbiddenError("Creating users of another client needs the permission 'delete clients'", 'OTHER_CLIENT');

/** The creator's own client, unless clientId or domain names another: that needs 'delete clients'. */
async function clientOfNewUser(deps: Deps, caller: Caller, form: NewUserForm): Promise<Client> {
  const mayChoose = caller.permissions.includes(Permission.DeleteClients);
  let client = caller.client;
  if (form.clientId !== undefined && form.clientId !== caller.client.id) {
    if (!mayChoose) throw otherClientRefused();
    client = await liveClient(deps, form.clientId);
  }
  if (form.domain !== undefined && form.domain !== client.domain) {
    if (form.clientId !== undefined) throw new ValidationError('clientId and domain name different clients');
    if (!mayChoose) throw otherClientRefused();
    const named = await findClientByDomain(deps, form.domain);
    if (!named || named.archivedAt) throw new NotFoundError(`There is no client at '${form.domain}'`, 'UNKNOWN_CLIENT');
    client = named;
  }
  return client;
}

/** The client's Bettor role when none is named, else the named live role; given by the one role-choice rule. */
async function roleOfNewUser(deps: Deps, caller: Caller, client: Client, roleId: number | undefined) {
  const role =
    roleId === undefined
      ? await accountRoleNamed(deps, client, bettorRoleName)
      : await liveRoleOf(deps, client.id, roleId);
  if (!role && roleId === undefined)
    throw new ValidationError(`${client.name} has no ${bettorRoleName} role; name one`, undefined, 'UNKNOWN_ROLE');
  if (!role)
    throw new ValidationError(`The role ${roleId} does not exist in ${client.name}`, undefined, 'UNKNOWN_ROLE');
  assertRoleChoice(caller, role);
  return role;
}

const approvalOf = { LOGIN_TAKEN: 'taken', LOGIN_REFUSED: 'refused', DIRECTORY_UNAVAILABLE: 'unavailable' } as const;

function refusalError(code: RefusalCode, message: string, login: string) {
  if (code === 'UNKNOWN_ROLE') return new ValidationError(message, undefined, code);
  return loginRefusal(approvalOf[code], login);
}

export const createUser: RouteImpl<'createUser'> = async ({ input: form, caller }, deps) => {
  const client = await clientOfNewUser(deps, caller, form);
  const role = await roleOfNewUser(deps, caller, client, form.roleId);
  const [outcome] = await createUserAccounts(deps, client, [
    {
      login: form.login,
      emailAddress: form.emailAddress,
      displayName: form.displayName,
      firstName: form.firstName,
      lastName: form.lastName,
      middleName: form.middleName ?? '',
      phoneNumber: form.phoneNumber ?? '',
      roleId: role.id,
      active: form.active ?? true,
    },
  ]);
  if ('refused' in outcome!) throw refusalError(outcome.code, outcome.refused, form.login);
  return reply(201, toListRow(directoryRow(outcome!.created), client, role, caller));
};

export const deleteUser: RouteImpl<'deleteUser'> = async ({ input, caller }, deps) => {
  const clientId = scopedClientId(caller, input.clientId);
  if (clientId === caller.client.id && input.id === caller.user.id)
    throw new ConflictError('You cannot delete yourself', 'OWN_ACCOUNT');
  const user = await getUser(deps, clientId, input.id);
  // Asked again after the user was archived: what a delete cut off left (list rows, the administrators) is finished,
  // and one cut off before its id row answers as it would have.
  if (user?.deletedAt) {
    const finished = await finishArchive(deps, user);
    await settleAdministrator(deps, user);
    if (finished) return { message: 'User Deleted.' };
  }
  if (!user || user.deletedAt) throw new NotFoundError('User not found', 'UNKNOWN_USER');
  const role = await getRole(deps, user.roleId);
  const outranked = role && outrankedRefusal(caller, user, role);
  if (outranked) throw outranked;
  // The administrators set gives the user up first, in one conditional write: of concurrent deletes of a
  // client's administrators, all but the last succeed (docs/invariants.md, Last administrator).
  if (administers(user, role)) await removeAdministrator(deps, user);
  await archiveUser(deps, clientId, user.id, deps.clock.now());
  // A role edit may have counted the user meanwhile (docs/invariants.md, Last administrator).
  await settleAdministrator(deps, user);
  return { message: 'User Deleted.' };
};
