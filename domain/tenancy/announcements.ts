// Announcements (docs/rules.md, Announcements): a commissioner tells the pool something. Every signed-in user of the
// client reads them, newest first; with `sendEmail` each active player who did not turn announcement mails off is
// mailed once. Plain text: shown as text, never as markup.
import { mailOptOutLine } from './mail-opt-out.ts';

export interface Announcement {
  id: number;
  clientId: number;
  title: string;
  body: string;
  createdAt: string;
  createdBy: number;
  authorName: string;
  /** Whether the players were to be mailed it. */
  sendEmail: boolean;
  /** Set when it is deleted: it leaves the list, the record stays. */
  archivedAt?: string;
}

export const announcementLimits = { title: 120, body: 4000 } as const;

interface AnnouncementMailTo {
  clientName: string;
  siteUrl: string;
  playerName: string;
  /** The player's role has the profile page, where they turn these mails off. */
  ownProfile: boolean;
}

/** The mail of an announcement to one player, signed with the pool's address and how to stop these mails. */
export function announcementMail(
  announcement: Pick<Announcement, 'title' | 'body' | 'authorName'>,
  { clientName, siteUrl, playerName, ownProfile }: AnnouncementMailTo,
) {
  return {
    subject: `${clientName}: ${announcement.title}`,
    text: [
      `Hello ${playerName},`,
      '',
      `${announcement.authorName} posted an announcement to ${clientName}:`,
      '',
      announcement.title,
      '',
      announcement.body,
      '',
      `Read it and the others at ${siteUrl}/#/`,
      '',
      mailOptOutLine('announcement mails', ownProfile),
    ].join('\n'),
  };
}
