import { useState } from 'react';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Switch } from '@/ui/switch';
import { useAnnouncements } from '@/lib/api/get-announcements';
import { ZoneNote } from '@/lib/zone-note';
import { useOlderAnnouncements } from '@/features/notifications/api/get-older-announcements';
import {
  announcementNotifications,
  isUnread,
  useNotificationState,
} from '@/features/notifications/notifications-store';
import { NotificationItems } from './notification-items';
import '@/features/notifications/notifications.css';

export function NotificationList({ userId }: { userId: number }) {
  const newest = useAnnouncements().data;
  const older = useOlderAnnouncements(newest);
  // An older page is read as far as the newest page says: marking all read moves that mark, not the older pages'.
  const olderNotes = older.pages.flatMap((page) =>
    announcementNotifications({ ...page, readThrough: newest?.readThrough ?? page.readThrough }),
  );
  const { notifications, read, unread, markAll } = useNotificationState(userId, olderNotes);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const shown = unreadOnly ? notifications.filter((notification) => isUnread(notification, read)) : notifications;

  return (
    <Card
      title="Notifications"
      headingId="notifications-heading"
      className="notification-card"
      actions={
        <Button variant="secondary" aria-disabled={unread.length === 0} onClick={() => unread.length > 0 && markAll()}>
          Mark all as read
        </Button>
      }
    >
      <Switch label="Show unread only" checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} />
      {shown.some((notification) => notification.meta) && <ZoneNote />}
      {shown.length ? <NotificationItems items={shown} read={read} /> : <p className="muted">You are all caught up.</p>}
      {older.hasMore && (
        <Button variant="secondary" disabled={older.loadingMore} onClick={() => void older.loadMore()}>
          {older.loadingMore ? 'Loading…' : 'Show older announcements'}
        </Button>
      )}
    </Card>
  );
}
