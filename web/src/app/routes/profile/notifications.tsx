import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { MailSettings } from '@/features/profile/components/mail-settings';
import { PushSettings } from '@/features/profile/components/push-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const { data: user, mutate } = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <NotificationList userId={user.id} />
      <MailSettings user={user} onSaved={(updated) => void mutate(updated, { revalidate: false })} />
      <PushSettings user={user} onSaved={(updated) => void mutate(updated, { revalidate: false })} />
    </>
  );
}
