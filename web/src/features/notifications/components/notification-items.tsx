import { formatCreatedDate } from '@/lib/format';
import { useSportTimeZone } from '@/lib/sport-selection';
import { LinkedText } from '@/ui/linked-text';
import { type AppNotification, isUnread } from '@/features/notifications/notifications-store';
import '@/features/notifications/notifications.css';

export function NotificationItems({ items, read }: { items: readonly AppNotification[]; read: ReadonlySet<string> }) {
  const zone = useSportTimeZone();
  return (
    <ul className="notification-list">
      {items.map((notification) => {
        const unread = isUnread(notification, read);
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
              {notification.meta && (
                <p className="notification__meta">
                  {notification.meta.author} · {formatCreatedDate(notification.meta.at, zone)}
                </p>
              )}
              <p className="notification__text">
                <LinkedText text={notification.text} />
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
