// The notifications come from what happened (docs/rules.md, Notifications): a results note once the season has
// graded picks, never before, and the client's announcements. Which announcements the user has read is kept on the
// server; whether the results note is read, in memory per user for this tab, shared by the bell and the
// notifications page.
import { useSyncExternalStore } from 'react';
import { useReadAnnouncements } from './api/read-announcements';
import { selectWeeks } from '#domain/season/weeks.ts';
import { type AnnouncementsPage, useAnnouncements } from '@/lib/api/get-announcements';
import { useStats, type Stats } from '@/lib/api/get-stats';
import { serverDate } from '@/lib/server-clock';
import { useSelectedSportWeeks, useSportSelection } from '@/lib/sport-selection';

export interface AppNotification {
  id: string;
  title: string;
  text: string;
  /** Who and when, for an announcement. */
  meta?: { author: string; at: string };
  /** An announcement's id: marking it read is kept on the server. */
  announcementId?: number;
  /** Read already, on any device (an announcement at or under the user's read mark). */
  seen?: boolean;
}

/** The results note of a season's stats, or none while nothing is graded (a new pool, a new season). */
export function resultsNotification(stats: Stats | undefined): AppNotification | undefined {
  const graded = stats ? stats.totalWins + stats.totalLosses : 0;
  if (!stats || graded === 0) return undefined;
  const whose = stats.title === 'My Stats' ? 'Your graded picks' : "The pool's graded picks";
  return {
    // A new grading makes it a new, unread note.
    id: `results-${graded}`,
    title: 'Results are in',
    text: `${whose} this season: ${stats.totalWins} won, ${stats.totalLosses} lost. Open the leaderboard to see the points and where everyone ranks.`,
  };
}

/** The client's announcements as notes, newest first, those under the user's read mark seen. */
export const announcementNotifications = (page: AnnouncementsPage | undefined): AppNotification[] =>
  (page?.data ?? []).map((announcement) => ({
    id: `announcement-${announcement.id}`,
    title: announcement.title,
    text: announcement.body,
    meta: { author: announcement.authorName, at: announcement.createdAt },
    announcementId: announcement.id,
    seen: announcement.id <= page!.readThrough,
  }));

/** The signed-in user's notifications: the selected sport's results note (through today's week on the server's
 * clock), then the client's announcements. */
export function useNotifications(): readonly AppNotification[] {
  const { sportId } = useSportSelection();
  const choice = useSelectedSportWeeks();
  const todayWeek = choice ? selectWeeks(choice.weeks, serverDate())?.selected : undefined;
  const stats = useStats(sportId, todayWeek?.id);
  const announcements = useAnnouncements();
  const results = resultsNotification(stats.data);
  return [...(results ? [results] : []), ...announcementNotifications(announcements.data)];
}

export const isUnread = (notification: AppNotification, read: ReadonlySet<string>) =>
  !notification.seen && !read.has(notification.id);

const readByUser = new Map<number, ReadonlySet<string>>();
const listeners = new Set<() => void>();
const noneRead: ReadonlySet<string> = new Set();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function markAllRead(userId: number, notifications: readonly AppNotification[]): void {
  const read = readByUser.get(userId) ?? noneRead;
  readByUser.set(userId, new Set([...read, ...notifications.map((notification) => notification.id)]));
  for (const listener of listeners) listener();
}

export function useReadNotifications(userId: number): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => readByUser.get(userId) ?? noneRead);
}

/**
 * The user's notifications, which are unread, and marking them all read (announcements on the server too); `older`
 * adds announcements the Notifications page loaded beyond the newest page.
 */
export function useNotificationState(userId: number, older: readonly AppNotification[] = []) {
  const notifications = [...useNotifications(), ...older];
  const read = useReadNotifications(userId);
  const marking = useReadAnnouncements();
  const unread = notifications.filter((notification) => isUnread(notification, read));
  const markAll = () => {
    markAllRead(userId, notifications);
    const newest = Math.max(0, ...unread.map((notification) => notification.announcementId ?? 0));
    if (newest) void marking.trigger(newest);
  };
  return { notifications, read, unread, markAll };
}
