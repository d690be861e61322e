// An administrator mails a user a new link to choose their password, from the Users page (docs/rules.md, Users):
// the user's own client (another only for a client manager), an active user, at most once per user in 5 minutes.
import {
  userLinkMailIntervalMs,
  userLinkRetryAfterSeconds,
  welcomeLinkLifetimeMs,
} from '#domain/auth/password-reset.ts';
import { waitText } from '#domain/auth/sign-in-throttle.ts';
import { UserStatus } from '#domain/auth/user.ts';
import { ConflictError, NotFoundError, TooManyRequestsError } from '#domain/errors.ts';
import { liveClient } from '../../store/clients.ts';
import { releaseUserLinkSlot, takeUserLinkSlot } from '../../store/sign-in-security.ts';
import { getUser } from '../../store/users.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId } from '../auth-guard.ts';
import { mailPasswordLink } from '../../accounts/password-link.ts';

export const sendUserPasswordLink: RouteImpl<'sendUserPasswordLink'> = async ({ input, caller }, deps) => {
  const clientId = scopedClientId(caller, input.clientId);
  const client = clientId === caller.client.id ? caller.client : await liveClient(deps, clientId);
  const user = await getUser(deps, clientId, input.userId);
  if (!user) throw new NotFoundError(`There is no user ${input.userId} in your client`, 'UNKNOWN_USER');
  if (user.deletedAt) throw new NotFoundError(`${user.login} is deleted and can no longer sign in`, 'USER_DELETED');
  if (user.status !== UserStatus.Active)
    throw new ConflictError(`${user.login} is not active: activate them first, then send the mail`, 'USER_NOT_ACTIVE');
  // A site without an address for links refuses before the slot is taken.
  deps.siteUrl(client.domain);

  const now = deps.clock.now();
  const slot = await takeUserLinkSlot(deps, user, now, userLinkMailIntervalMs);
  if ('lastSentAt' in slot) {
    const wait = Math.max(1, userLinkRetryAfterSeconds(slot.lastSentAt, now));
    throw new TooManyRequestsError(
      `A set-password mail went to ${user.login} less than ${waitText(userLinkMailIntervalMs / 1000)} ago; try again in ${waitText(wait)}`,
      wait,
      'USER_LINK_MAILED',
    );
  }
  try {
    // An account that never had a password gets its invitation again; anyone else a link to choose a new one.
    await mailPasswordLink(deps, {
      client,
      user,
      kind: user.passwordHash === '' ? 'created' : 'resent',
      lifetimeMs: welcomeLinkLifetimeMs,
    });
  } catch (error) {
    await releaseUserLinkSlot(deps, user, now);
    throw error;
  }
  return { message: 'Mail sent.' };
};
