import { useState } from 'react';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Switch } from '@/ui/switch';
import { useAnnouncements } from '@/lib/api/get-announcements';
import { useOlderAnnouncements } from '@/features/notifications/api/get-older-announcements';
import {
  announcementNotifications,
  isUnread,
  useNotificationState,
} from '@/features/notifications/notifications-store';
import { NotificationItems } from './notification-items';
import '@/features/notifications/notifications.css';

export function NotificationList({ userId }: { userId: number }) {
  const { notifications, read, unread, markAll } = useNotificationState(userId);
  const older = useOlderAnnouncements(useAnnouncements().data);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const all = [...notifications, ...older.pages.flatMap(announcementNotifications)];
  const shown = unreadOnly ? all.filter((notification) => isUnread(notification, read)) : all;

  return (
    <Card
      title="Notifications"
      headingId="notifications-heading"
      className="notification-card"
      actions={
        <Button variant="secondary" disabled={unread.length === 0} onClick={markAll}>
          Mark all as read
        </Button>
      }
    >
      <Switch label="Show unread only" checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} />
      {shown.length ? <NotificationItems items={shown} read={read} /> : <p className="muted">You are all caught up.</p>}
      {older.hasMore && (
        <Button variant="secondary" disabled={older.loadingMore} onClick={() => void older.loadMore()}>
          {older.loadingMore ? 'Loading…' : 'Show older announcements'}
        </Button>
      )}
    </Card>
  );
}
