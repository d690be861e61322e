// A client's announcements (docs/rules.md, Announcements): posted and deleted by whoever may create and modify its
// users, read by every signed-in user of the client, each marking for themselves how far they have read.
import type { AnnouncementRow } from '#domain/contracts/announcements.ts';
import type { Announcement } from '#domain/tenancy/announcements.ts';
import {
  addAnnouncement as storeAnnouncement,
  announcementPage,
  archiveAnnouncement,
  getAnnouncement,
  markAnnouncementsRead,
  readThrough,
  unknownAnnouncement,
} from '../../store/announcements.ts';
import { liveClient } from '../../store/clients.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId, scopedLiveClientId } from '../auth-guard.ts';
import { queueNewJob } from '../imports/jobs.ts';
import { reply } from '../json-answer.ts';

const row = ({ id, title, body, createdAt, authorName, sendEmail }: Announcement): AnnouncementRow => ({
  id,
  title,
  body,
  createdAt,
  authorName,
  sendEmail,
});

export const addAnnouncement: RouteImpl<'addAnnouncement'> = async ({ input, caller }, deps) => {
  const client = await liveClient(deps, scopedClientId(caller, input.clientId));
  const announcement: Announcement = {
    id: await deps.ids.next('announcement'),
    clientId: client.id,
    title: input.title,
    body: input.body,
    createdAt: deps.clock.now().toISOString(),
    createdBy: caller.user.id,
    authorName: caller.user.displayName || caller.user.login,
    sendEmail: input.sendEmail,
  };
  if (!announcement.sendEmail) {
    await storeAnnouncement(deps, announcement);
    return reply(201, { ...row(announcement), jobId: null });
  }
  // The announcement is stored before its job is queued, so the job always finds it.
  const jobId = await queueNewJob(
    deps,
    caller,
    'MailAnnouncement',
    { clientId: client.id, announcementId: announcement.id },
    () => storeAnnouncement(deps, announcement),
  );
  return reply(201, { ...row(announcement), jobId });
};

export const announcementList: RouteImpl<'announcementList'> = async ({ input, caller }, deps) => {
  const clientId = caller.client.id;
  const [{ announcements, more }, read] = await Promise.all([
    announcementPage(deps, clientId, {
      limit: input.limit,
      before: input.cursor === undefined ? undefined : Number(input.cursor),
    }),
    readThrough(deps, clientId, caller.user.id),
  ]);
  const last = announcements.at(-1);
  return {
    data: announcements.map(row),
    cursor: more && last ? String(last.id) : null,
    readThrough: read,
  };
};

export const readAnnouncements: RouteImpl<'readAnnouncements'> = async ({ input, caller }, deps) => {
  // Only a real announcement of the caller's client: a mark beyond the newest would hide the next ones.
  const announcement = await getAnnouncement(deps, caller.client.id, input.throughId);
  if (!announcement) throw unknownAnnouncement(input.throughId);
  return { readThrough: await markAnnouncementsRead(deps, caller.client.id, caller.user.id, announcement.id) };
};

export const deleteAnnouncement: RouteImpl<'deleteAnnouncement'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  // Another client's announcement is looked for in the caller's scope, where it does not exist.
  const announcement = await getAnnouncement(deps, clientId, input.id);
  if (!announcement || !(await archiveAnnouncement(deps, announcement, deps.clock.now())))
    throw unknownAnnouncement(input.id);
  return { message: 'The announcement has been deleted' };
};
