// The MailAdminMessage job (docs/rules.md, Contact Admin): mails a member's message to each of their client's company
// administrators but its sender. Each mail is claimed per message and administrator before it goes out, so a job
// queued twice, or run again after a crash, mails nobody twice.
import { administers } from '#domain/auth/administrators.ts';
import { NotFoundError } from '#domain/errors.ts';
import { adminMessageMail } from '#domain/tenancy/admin-messages.ts';
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { faultsPassed } from '../adapters/transient-fault.ts';
import { getAdminMessage } from '../store/admin-messages.ts';
import { administratorIds } from '../store/administrators.ts';
import { getClient } from '../store/clients.ts';
import { keys } from '../store/keys.ts';
import { mailOnce } from '../store/mail-claims.ts';
import { getRoles } from '../store/roles.ts';
import { getUsers } from '../store/users.ts';

/** A claim outlives any re-run of the job; then it is swept. */
const claimDays = 30;

/** The client's administrators as users, each checked again: the set may still hold one whose role changed since. */
async function administrators(deps: Deps, clientId: number, except: number) {
  const ids = (await administratorIds(deps, clientId)).filter((id) => id !== except);
  const users = await getUsers(deps, clientId, ids);
  const roles = await getRoles(
    deps,
    users.map((user) => user.roleId),
  );
  return users.filter((user) => administers(user, roles.get(user.roleId)));
}

/** `sender` is the job's id: an attempt after one that died mid-mail sends what that one claimed (mail-claims.ts). */
export async function mailAdminMessage(deps: Deps, clientId: number, messageId: number, sender?: string) {
  const [message, client] = await Promise.all([getAdminMessage(deps, clientId, messageId), getClient(deps, clientId)]);
  if (!message || !client) throw new NotFoundError(`There is no message ${messageId}`);
  const siteUrl = deps.siteUrl(client.domain);
  const terms = { expiresAt: new Date(Date.parse(message.createdAt) + claimDays * 24 * 60 * 60 * 1000), sender };
  const counts = { mailed: 0, alreadyMailed: 0, failed: 0 };
  const passed = faultsPassed();
  for (const admin of await administrators(deps, clientId, message.senderId)) {
    const mail = adminMessageMail(message, { clientName: client.name, siteUrl, adminName: admin.displayName });
    const sent = await mailOnce(
      deps,
      keys.adminMessageMail(clientId, messageId, admin.id),
      { to: admin.emailAddress, ...mail },
      terms,
    ).catch((error: unknown) => {
      // One refused mail keeps no other administrator from theirs; its claim is back, so a run again sends it.
      logger.error('Message to the administrators not mailed', { userId: admin.id, error });
      passed.note(error);
      return undefined;
    });
    if (sent === undefined) counts.failed += 1;
    else if (sent) counts.mailed += 1;
    else counts.alreadyMailed += 1;
  }
  passed.rethrow();
  return counts;
}
