import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { ProfileSettingsForm } from '@/features/profile/components/profile-settings-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ProfileSettingsPage() {
  useDocumentTitle('Profile Settings');
  const { data: user, mutate } = useCurrentUser();
  if (!user) return null;
  return (
    <ProfileSettingsForm key={user.id} user={user} onSaved={(updated) => void mutate(updated, { revalidate: false })} />
  );
}
