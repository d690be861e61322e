import { Permission } from '#domain/auth/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { MailSettings } from '@/features/profile/components/mail-settings';
import { PushSettings } from '@/features/profile/components/push-settings';
import { holdsPermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const { data: user, mutate } = useCurrentUser();
  if (!user) return null;
  // Mail and push choices are saved on the profile, which needs 'view own profile' (4).
  const ownsProfile = holdsPermissions(user, [Permission.ViewOwnProfile]);
  return (
    <>
      <NotificationList userId={user.id} />
      {ownsProfile && (
        <>
          <MailSettings user={user} onSaved={(updated) => void mutate(updated, { revalidate: false })} />
          <PushSettings user={user} onSaved={(updated) => void mutate(updated, { revalidate: false })} />
        </>
      )}
    </>
  );
}
