// Editing a profile (docs/rules.md, Profile: roleId, first, last and display name; the profile page also edits
// middle name and phone). Own profile: view own profile. Someone else of the caller's client (another client's only
// for a client manager, docs/rules.md Client scope), or any role change: create and modify users of client. A role is
// changed only for a user of the caller's own client, to one of its roles holding no permission the caller lacks (the
// Edit User dialog offers just those); nobody changes their own role. Active or not, and the e-mail address, are
// another user's only; active asks what a role change asks of the user's role. A deleted user is not found.
import { Permission } from '#domain/auth/permissions.ts';
import { lackingPermissionsRefusal, outrankedRefusal } from '#domain/auth/role-choice.ts';
import { administers } from '#domain/auth/administrators.ts';
import { type Client, toUserPayload, type User, UserStatus } from '#domain/auth/user.ts';
import { ForbiddenError, NotFoundError } from '#domain/errors.ts';
import { getRole, liveRoleOf } from '../../store/roles.ts';
import { bumpTokenVersion, getUser, saveProfile, undoProfile } from '../../store/users.ts';
import { addAdministrator, removeAdministrator, settleAdministrator } from '../../store/administrators.ts';
import { renamePlayer } from '../../views/rename-player.ts';
import { liveClient } from '../../store/clients.ts';
import type { Deps } from '../../adapters/deps.ts';
import { logger } from '../../adapters/logger.ts';
import { voidResetLinks } from '../../store/sign-in-security.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId } from '../auth-guard.ts';

/** Active when asked to be; not active when asked not to be, unless already so (awaiting confirmation, say). */
function statusAfter(status: UserStatus, active: boolean | undefined): UserStatus {
  if (active === undefined) return status;
  if (active) return UserStatus.Active;
  return status === UserStatus.Active ? UserStatus.NotActive : status;
}

const notOffered = (roleId: number, clientName: string) =>
  new ForbiddenError(`The role ${roleId} is not a role of ${clientName}`, 'ROLE_NOT_OFFERED');

/**
 * After an e-mail change: a link mailed to the old address no longer sets the password (asked again, voided again),
 * and the old address is told where the mail goes now and who changed it, so a change nobody asked for is seen.
 */
async function addressChanged(
  deps: Deps,
  { user, stored, client, by }: { user: User; stored: User; client: Client; by: Pick<User, 'displayName'> },
) {
  await voidResetLinks(deps, user.clientId, user.id);
  if (stored.emailAddress === user.emailAddress) return;
  const text = [
    `Hello ${user.displayName},`,
    '',
    `${by.displayName} changed the e-mail address of your ${client.name} account to ${stored.emailAddress}.`,
    "If you did not ask for this, tell your pool's administrators at once.",
  ].join('\n');
  await deps.mailer
    .send({ to: user.emailAddress, subject: `Your ${client.name} e-mail address was changed`, text })
    .catch((error: unknown) => logger.error('The notice of an e-mail change could not be sent', { error }));
}

export const editUser: RouteImpl<'editUser'> = async ({ input: form, caller }, deps) => {
  // Another client's user only for a client manager (403 otherwise), of a client not deleted (404).
  const clientId = scopedClientId(caller, form.clientId);
  const client = clientId === caller.client.id ? caller.client : await liveClient(deps, clientId);
  const isSelf = client === caller.client && form.id === caller.user.id;
  const mayManage = caller.permissions.includes(Permission.EditUsers);
  if (!isSelf && !mayManage) throw new ForbiddenError('You can only edit your own profile');
  if (isSelf && !caller.permissions.includes(Permission.ViewOwnProfile))
    throw new ForbiddenError('Your role does not include your own profile', 'NO_OWN_PROFILE');
  const user = isSelf ? caller.user : await getUser(deps, client.id, form.id);
  if (!user || user.deletedAt) throw new NotFoundError(`There is no user ${form.id}`, 'UNKNOWN_USER');

  let role = isSelf ? caller.role : await getRole(deps, user.roleId);
  if (form.emailAddress !== undefined && form.emailAddress !== user.emailAddress) {
    if (isSelf || !mayManage)
      throw new ForbiddenError('Your e-mail address is changed by an administrator', 'OWN_EMAIL');
    // The address password links go to: whoever could not change the user's role could otherwise take the account.
    const outranked = role && outrankedRefusal(caller, user, role);
    if (outranked) throw outranked;
  }
  const status = statusAfter(user.status, form.active);
  if (status !== user.status) {
    if (isSelf) throw new ForbiddenError('You cannot deactivate or activate yourself', 'OWN_STATUS');
    const outranked = role && outrankedRefusal(caller, user, role);
    if (outranked) throw outranked;
  }
  if (form.roleId !== undefined && form.roleId !== user.roleId) {
    if (!mayManage) throw new ForbiddenError('Changing a role needs the permission to manage users');
    if (isSelf) throw new ForbiddenError('You cannot change your own role', 'OWN_ROLE');
    const wanted = await getRole(deps, form.roleId);
    // Unknown, deleted and other clients' roles answer alike, so nothing about another client leaks; a role is changed
    // within one's own client only (the Edit User dialog offers none for another client's user).
    if (!wanted || wanted.archivedAt || wanted.clientId !== caller.client.id || client !== caller.client)
      throw notOffered(form.roleId, caller.client.name);
    const refusal = lackingPermissionsRefusal(caller, wanted);
    if (refusal) throw new ForbiddenError(refusal.message, refusal.code);
    const outranked = role && outrankedRefusal(caller, user, role);
    if (outranked) throw outranked;
    role = wanted;
  }
  if (!role) throw new NotFoundError(`The role of user ${user.id} no longer exists`, 'UNKNOWN_ROLE');

  const updated = {
    ...user,
    emailAddress: form.emailAddress ?? user.emailAddress,
    displayName: form.displayName ?? user.displayName,
    firstName: form.firstName ?? user.firstName,
    lastName: form.lastName ?? user.lastName,
    middleName: form.middleName ?? user.middleName,
    phoneNumber: form.phoneNumber ?? user.phoneNumber,
    roleId: role.id,
    status,
    ...(status === UserStatus.Active &&
      user.status !== UserStatus.Active && { activeSince: deps.clock.now().toISOString() }),
    pickReminders: form.pickReminders ?? user.pickReminders,
    pickReminderTiming: form.pickReminderTiming ?? user.pickReminderTiming,
    announcementMails: form.announcementMails ?? user.announcementMails,
    // Which kinds reach a player's devices is the player's own choice, never an administrator's.
    push: isSelf && form.push ? [...new Set(form.push)] : user.push,
  };
  // The administrators set changes around the write as docs/invariants.md says: a removal before, an addition after.
  const wasAdministrator = administers(user, isSelf ? caller.role : await getRole(deps, user.roleId));
  const isAdministrator = administers(updated, role);
  const removed = wasAdministrator && !isAdministrator;
  if (removed) await removeAdministrator(deps, user);
  const stored = await saveProfile(deps, user, updated)
    .then(async (saved) => {
      // A delete of the role that ran meanwhile counted its holders before this write: the write is undone, as if the
      // role had been read deleted (docs/invariants.md, inv-2b).
      if (role.id === user.roleId || (await liveRoleOf(deps, client.id, role.id))) return saved;
      await undoProfile(deps, user, updated);
      throw notOffered(role.id, client.name);
    })
    .catch(async (error: unknown) => {
      // Refused (the role changed meanwhile, or the user went): the removal is given back, checked as any addition.
      if (removed) await addAdministrator(deps, user.clientId, user.id);
      throw error;
    });
  if (form.emailAddress !== undefined) await addressChanged(deps, { user, stored, client, by: caller.user });
  // Either way the user is checked again after the write (addAdministrator does so itself): a concurrent role edit
  // may have left them counted without the power (docs/invariants.md, Last administrator).
  // As stored: another administrator's change of what this edit left alone (the status, say) counts too.
  if (administers(stored, role) && !wasAdministrator) await addAdministrator(deps, user.clientId, user.id);
  else await settleAdministrator(deps, user);
  // Names given, the views follow the stored ones, changed or not: an edit asked again after an attempt that saved
  // them and died before the views finds nothing changed, and the leaderboard would keep the old names.
  const named = (['displayName', 'firstName', 'lastName'] as const).some((name) => form[name] !== undefined);
  if (named) await renamePlayer(deps, client.id, stored.id, stored);
  // A role change ends the user's sessions, so the user signs in again under the new role (docs/rules.md, Session); a
  // change of status too, so none comes back with an activation. A deactivation asked again ends them again: its first
  // attempt may have stopped between the write and this.
  if (role.id !== user.roleId || status !== user.status || form.active === false)
    await bumpTokenVersion(deps, user.clientId, user.id);
  return toUserPayload(stored, role, client);
};
