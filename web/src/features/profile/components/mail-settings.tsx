import { useId, useState } from 'react';
import type { UserPayload } from '#domain/auth/user.ts';
import { Card } from '@/ui/card';
import { Switch } from '@/ui/switch';
import { useToast } from '@/ui/toast';
import { useEditUser } from '@/features/profile/api/edit-user';

type MailSetting = 'pickReminders' | 'announcementMails';

const settings: { name: MailSetting; label: string; description: string }[] = [
  { name: 'pickReminders', label: 'Pick reminders', description: 'Mail me when I have not placed my five picks' },
  {
    name: 'announcementMails',
    label: 'Announcement mails',
    description: 'Mail me the announcements my commissioner sends by mail',
  },
];

export interface MailSettingsProps {
  user: UserPayload;
  /** Called with the server's updated user, so the switches show what is stored. */
  onSaved: (user: UserPayload) => void;
}

/** Which mails the player gets; each is on until turned off, and a change applies at once. */
export function MailSettings({ user, onSaved }: MailSettingsProps) {
  const descriptionId = useId();
  const { trigger, isMutating } = useEditUser();
  const toast = useToast();
  // The choice being saved shows at once; the stored one again if the save fails.
  const [saving, setSaving] = useState<{ name: MailSetting; on: boolean }>();

  const save = async (name: MailSetting, on: boolean) => {
    setSaving({ name, on });
    try {
      // The profile edit keeps every field it is not given: only the names it requires go along.
      const updated = await trigger(
        { id: user.id, displayName: user.displayName, firstName: user.firstName, lastName: user.lastName, [name]: on },
        { throwOnError: true },
      );
      onSaved(updated);
      toast.notify('success', 'Changes Saved.');
    } catch (error) {
      toast.notifyError(error);
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <Card title="Mails">
      {settings.map(({ name, label, description }) => (
        <div key={name}>
          <Switch
            label={label}
            checked={saving?.name === name ? saving.on : user[name] !== false}
            disabled={isMutating}
            aria-describedby={`${descriptionId}-${name}`}
            onChange={(event) => void save(name, event.target.checked)}
          />
          <p id={`${descriptionId}-${name}`} className="muted">
            {description}
          </p>
        </div>
      ))}
    </Card>
  );
}
