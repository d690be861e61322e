import { Link } from 'react-router-dom';
import { BellIcon } from '@/ui/icons';
import { Popover } from '@/ui/popover';
import { useNotificationState } from '@/features/notifications/notifications-store';
import { NotificationItems } from './notification-items';
import '@/features/notifications/notifications.css';

export function NotificationBell({ userId }: { userId: number }) {
  const { notifications, read, unread, markAll } = useNotificationState(userId);

  return (
    <Popover label="Notifications" icon={<BellIcon />} badge={unread.length} badgeLabel="unread">
      {(close) => (
        <>
          <div className="notification-panel__header">
            <h2 className="notification-panel__title">Notifications</h2>
            {/* Unavailable once all are read, yet focusable: the panel keeps the focus (and its Escape). */}
            <button
              type="button"
              className="link-button"
              aria-disabled={unread.length === 0}
              onClick={() => unread.length > 0 && markAll()}
            >
              Mark all as read
            </button>
          </div>
          {notifications.length ? (
            <NotificationItems items={notifications} read={read} />
          ) : (
            <p className="muted">Nothing yet: announcements and results appear here once there are some.</p>
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
