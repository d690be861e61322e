import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { AccountSettingsForm } from '@/features/profile/components/account-settings-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AccountSettingsPage() {
  useDocumentTitle('Account Settings');
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return <AccountSettingsForm user={user} />;
}
