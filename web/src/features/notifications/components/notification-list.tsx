import { useState } from 'react';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Switch } from '@/ui/switch';
import { markAllRead, useNotifications, useReadNotifications } from '@/features/notifications/notifications-store';
import { NotificationItems } from './notification-items';
import '@/features/notifications/notifications.css';

export function NotificationList({ userId }: { userId: number }) {
  const notifications = useNotifications();
  const read = useReadNotifications(userId);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const unread = notifications.filter((notification) => !read.has(notification.id));
  const shown = unreadOnly ? unread : notifications;

  return (
    <Card
      title="Notifications"
      className="notification-card"
      actions={
        <Button variant="secondary" disabled={unread.length === 0} onClick={() => markAllRead(userId, notifications)}>
          Mark all as read
        </Button>
      }
    >
      <Switch label="Show unread only" checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} />
      {shown.length ? <NotificationItems items={shown} read={read} /> : <p className="muted">You are all caught up.</p>}
    </Card>
  );
}
