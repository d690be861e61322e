// The MailAnnouncement job (docs/rules.md, Announcements): mails an announcement to every active player of its client
// who did not turn announcement mails off, and pushes it to those who turned its push on, a hundred players at a time. Each mail is claimed per player before it
// goes out, so a job re-run after a crash, or run twice, mails nobody twice.
import { Permission } from '#domain/auth/permissions.ts';
import { isActiveMember } from '#domain/auth/user.ts';
import { announcementMail } from '#domain/tenancy/announcements.ts';
import { NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { faultsPassed } from '../adapters/transient-fault.ts';
import { eachActivePlayers, roleIdsHolding } from '../store/active-players.ts';
import { getAnnouncement } from '../store/announcements.ts';
import { getClient } from '../store/clients.ts';
import { keys } from '../store/keys.ts';
import { mailOnce } from '../store/mail-claims.ts';
import { pushOnce } from '../store/push-claims.ts';
import { getUsers } from '../store/users.ts';

/** A claim outlives any re-run of the job; then it is swept. */
const claimDays = 30;

/** `sender` is the job's id: an attempt after one that died mid-mail sends what that one claimed (mail-claims.ts). */
export async function mailAnnouncement(
  deps: Deps,
  clientId: number,
  announcementId: number,
  sender?: string,
  /** Told after each step of players that mailed or pushed to someone (a job notes its attempt got somewhere). */
  advanced?: () => Promise<void>,
) {
  const [announcement, client] = await Promise.all([
    getAnnouncement(deps, clientId, announcementId),
    getClient(deps, clientId),
  ]);
  if (!announcement || !client) throw new NotFoundError(`There is no announcement ${announcementId}`);
  const counts = { mailed: 0, alreadyMailed: 0, mailsOff: 0, deleted: 0, failed: 0 };
  // Deleted before its mails went out: nobody else is mailed it.
  if (announcement.archivedAt) return { ...counts, deleted: 1 };
  const terms = { expiresAt: new Date(deps.clock.now().getTime() + claimDays * 24 * 60 * 60 * 1000), sender };
  const passed = faultsPassed();
  const profileRoleIds = new Set(await roleIdsHolding(deps, clientId, Permission.ViewOwnProfile));
  for await (const rows of eachActivePlayers(deps, clientId)) {
    let sentHere = false;
    const players = await getUsers(
      deps,
      clientId,
      rows.map((row) => row.id),
    );
    // The users as stored, not their list rows: a row a crash left behind its user's delete mails nobody.
    for (const player of players.filter(isActiveMember)) {
      // Pushed to the devices of those who turned it on, whether or not they take it by mail.
      const pushed = await pushOnce(
        deps,
        player,
        'announcement',
        keys.announcementMail(clientId, announcementId, player.id),
        {
          title: announcement.title,
          body: announcement.body.length > 200 ? `${announcement.body.slice(0, 199)}…` : announcement.body,
          url: `${deps.siteUrl(client.domain)}/#/dashboard`,
        },
        terms,
      );
      sentHere ||= pushed === 'pushed';
      if (player.announcementMails === false) {
        counts.mailsOff += 1;
        continue;
      }
      const mail = announcementMail(announcement, {
        clientName: client.name,
        siteUrl: deps.siteUrl(client.domain),
        playerName: player.displayName,
        ownProfile: profileRoleIds.has(player.roleId),
      });
      const key = keys.announcementMail(clientId, announcementId, player.id);
      const sent = await mailOnce(deps, key, { to: player.emailAddress, ...mail }, terms).catch((error: unknown) => {
        // One refused mail keeps no one else from theirs; its claim is back, so a run of the job again sends it.
        logger.error('Announcement not mailed', { userId: player.id, error });
        passed.note(error);
        return undefined;
      });
      if (sent === undefined) counts.failed += 1;
      else if (sent) counts.mailed += 1;
      else counts.alreadyMailed += 1;
      sentHere ||= sent === true;
    }
    if (sentHere) await advanced?.();
  }
  passed.rethrow();
  return counts;
}
