import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return <NotificationList userId={user.id} />;
}
