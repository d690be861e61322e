import { Permission } from '#domain/auth/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { ProfileSettingsForm } from '@/features/profile/components/profile-settings-form';
import { holdsPermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Card } from '@/ui/card';

export function ProfileSettingsPage() {
  useDocumentTitle('Profile Settings');
  const { data: user, mutate } = useCurrentUser();
  if (!user) return null;
  // The server refuses a profile edit without 'view own profile' (4): the form is not offered.
  if (!holdsPermissions(user, [Permission.ViewOwnProfile]))
    return (
      <Card title="Profile Settings">
        <p>Your role does not include your own profile. An administrator of {user.client} can change it for you.</p>
      </Card>
    );
  return (
    <ProfileSettingsForm key={user.id} user={user} onSaved={(updated) => void mutate(updated, { revalidate: false })} />
  );
}
