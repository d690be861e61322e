import { Link } from 'react-router-dom';
import { BellIcon } from '@/ui/icons';
import { Popover } from '@/ui/popover';
import { markAllRead, useNotifications, useReadNotifications } from '@/features/notifications/notifications-store';
import { NotificationItems } from './notification-items';
import '@/features/notifications/notifications.css';

export function NotificationBell({ userId }: { userId: number }) {
  const notifications = useNotifications();
  const read = useReadNotifications(userId);
  const unread = notifications.filter((notification) => !read.has(notification.id)).length;

  return (
    <Popover label="Notifications" icon={<BellIcon />} badge={unread} badgeLabel="unread">
      {(close) => (
        <>
          <div className="notification-panel__header">
            <h2 className="notification-panel__title">Notifications</h2>
            <button
              type="button"
              className="link-button"
              disabled={unread === 0}
              onClick={() => markAllRead(userId, notifications)}
            >
              Mark all as read
            </button>
          </div>
          {notifications.length ? (
            <NotificationItems items={notifications} read={read} />
          ) : (
            <p className="muted">Nothing yet: results appear here once games are graded.</p>
          )}
          <div className="notification-panel__footer">
            <Link to="/profile/notifications" onClick={close}>
              See all notifications
            </Link>
          </div>
        </>
      )}
    </Popover>
  );
}
