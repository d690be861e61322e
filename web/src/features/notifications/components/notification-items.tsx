import type { AppNotification } from '@/features/notifications/notifications-store';
import '@/features/notifications/notifications.css';

export function NotificationItems({ items, read }: { items: readonly AppNotification[]; read: ReadonlySet<string> }) {
  return (
    <ul className="notification-list">
      {items.map((notification) => {
        const unread = !read.has(notification.id);
        return (
          <li
            key={notification.id}
            className={['notification', unread && 'notification--unread'].filter(Boolean).join(' ')}
          >
            <span className="notification__dot" aria-hidden="true" />
            <div className="notification__body">
              <p className="notification__title">
                {notification.title}
                {unread && <span className="visually-hidden"> (unread)</span>}
              </p>
              <p>{notification.text}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
