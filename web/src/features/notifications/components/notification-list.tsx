import { useState } from 'react';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Switch } from '@/ui/switch';
import { isUnread, useNotificationState } from '@/features/notifications/notifications-store';
import { NotificationItems } from './notification-items';
import '@/features/notifications/notifications.css';

export function NotificationList({ userId }: { userId: number }) {
  const { notifications, read, unread, markAll } = useNotificationState(userId);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const shown = unreadOnly ? notifications.filter((notification) => isUnread(notification, read)) : notifications;

  return (
    <Card
      title="Notifications"
      className="notification-card"
      actions={
        <Button variant="secondary" disabled={unread.length === 0} onClick={markAll}>
          Mark all as read
        </Button>
      }
    >
      <Switch label="Show unread only" checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} />
      {shown.length ? <NotificationItems items={shown} read={read} /> : <p className="muted">You are all caught up.</p>}
    </Card>
  );
}
