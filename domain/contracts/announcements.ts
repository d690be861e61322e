// Announcements: posting them to a client's users, listing them, marking them read and deleting them.
import * as z from 'zod/mini';
import { announcementLimits } from '../tenancy/announcements.ts';
import { instant, int, message, nullableInt, nullableText, text } from './answers.ts';
import { answer, defineContract, type Message } from './contract.ts';
import { flag, id, limit, longText, name, optionalId } from './fields.ts';

/** An announcement as players read it: plain text, shown as text. */
export interface AnnouncementRow {
  id: number;
  title: string;
  body: string;
  createdAt: string;
  authorName: string;
  /** Whether the players were mailed it (those who turned announcement mails off were not). */
  sendEmail: boolean;
}

const announcementRow = {
  id: int,
  title: text,
  body: text,
  createdAt: instant,
  authorName: text,
  sendEmail: z.boolean(),
};

export interface AnnouncementsPage {
  data: AnnouncementRow[];
  /** Where the next, older page starts; null on the last page. */
  cursor: string | null;
  /** The newest announcement the caller has read (0 for none): the ones above it are unread. */
  readThrough: number;
}

export const addAnnouncement = defineContract({
  method: 'POST',
  path: '/Services/api/Client/add-announcement',
  input: 'json',
  invalidates: ['announcementList'],
  summary: `Posts an announcement to the client's users (title at most ${announcementLimits.title}, body at most ${announcementLimits.body} characters of plain text); with sendEmail every active player is mailed it once by a job, whose id the answer carries`,
  request: z.object({
    clientId: optionalId('clientId'),
    title: name('Title', announcementLimits.title),
    body: longText('Body', announcementLimits.body),
    sendEmail: z._default(flag, false),
  }),
  response: answer<AnnouncementRow & { jobId: number | null }>(
    z.object({ ...announcementRow, jobId: nullableInt }),
    201,
  ),
  refusals: [404],
});

export const announcementList = defineContract({
  method: 'GET',
  path: '/Services/api/Client/announcement-list',
  input: 'query',
  summary: "The caller's client's announcements, newest first, paged by cursor, and the newest one the caller has read",
  request: z.object({
    limit: limit(20, 50),
    cursor: z.optional(z.string().check(z.regex(/^\d{1,10}$/, 'cursor is not valid'))),
  }),
  response: answer<AnnouncementsPage>(
    z.object({ data: z.array(z.object(announcementRow)), cursor: nullableText, readThrough: int }),
  ),
});

export const readAnnouncements = defineContract({
  method: 'POST',
  path: '/Services/api/Client/read-announcements',
  input: 'json',
  invalidates: ['announcementList'],
  summary:
    "Marks the caller's client's announcements read up to and including throughId, for the caller on every device",
  request: z.object({ throughId: id('throughId') }),
  response: answer<{ readThrough: number }>(z.object({ readThrough: int })),
  refusals: [404],
});

export const deleteAnnouncement = defineContract({
  method: 'DELETE',
  path: '/Services/api/Client/delete-announcement',
  input: 'query',
  invalidates: ['announcementList'],
  summary: 'Deletes an announcement: it leaves the list (mails already sent stay sent)',
  request: z.object({ clientId: optionalId('clientId'), id: id('id') }),
  response: answer<Message>(message),
  refusals: [404],
});

export const announcementsContracts = {
  addAnnouncement,
  announcementList,
  readAnnouncements,
  deleteAnnouncement,
};
