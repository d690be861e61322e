import { useId, useState } from 'react';
import type { UserPayload } from '#domain/auth/user.ts';
import type { ReminderTiming } from '#domain/processes/pick-locks.ts';
import { Card } from '@/ui/card';
import { Select } from '@/ui/select';
import { Switch } from '@/ui/switch';
import { useToast } from '@/ui/toast';
import { useEditUser } from '@/features/profile/api/edit-user';
import './mail-settings.css';

type MailSetting = 'pickReminders' | 'announcementMails';
type Changes = Partial<Pick<UserPayload, MailSetting | 'pickReminderTiming'>>;

const settings: { name: MailSetting; label: string; description: string }[] = [
  { name: 'pickReminders', label: 'Pick reminders', description: 'Mail me when I have not placed my five picks' },
  {
    name: 'announcementMails',
    label: 'Announcement mails',
    description: 'Mail me the announcements my commissioner sends by mail',
  },
];

const timings: { value: ReminderTiming; label: string }[] = [
  { value: 'week', label: "Before the week's first game" },
  { value: 'days', label: "Before the week's first game and before the last pick day" },
];

export interface MailSettingsProps {
  user: UserPayload;
  /** Called with the server's updated user, so the controls show what is stored. */
  onSaved: (user: UserPayload) => void;
}

/** Which mails the player gets and when the pick reminders come; each applies at once. */
export function MailSettings({ user, onSaved }: MailSettingsProps) {
  const descriptionId = useId();
  const { trigger, isMutating } = useEditUser();
  const toast = useToast();
  // The choice being saved shows at once; the stored one again if the save fails.
  const [saving, setSaving] = useState<Changes>();
  const shown = { ...user, ...saving };

  const save = async (changes: Changes) => {
    setSaving(changes);
    try {
      // The profile edit keeps every field it is not given: only the names it requires go along.
      const updated = await trigger(
        { id: user.id, displayName: user.displayName, firstName: user.firstName, lastName: user.lastName, ...changes },
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
        <div key={name} className="mail-setting">
          <Switch
            label={label}
            checked={shown[name] !== false}
            disabled={isMutating}
            aria-describedby={`${descriptionId}-${name}`}
            onChange={(event) => void save({ [name]: event.target.checked })}
          />
          <p id={`${descriptionId}-${name}`} className="muted">
            {description}
          </p>
          {name === 'pickReminders' && shown.pickReminders !== false && (
            <Select
              label="When"
              options={timings}
              value={shown.pickReminderTiming}
              disabled={isMutating}
              onChange={(pickReminderTiming) => void save({ pickReminderTiming })}
            />
          )}
        </div>
      ))}
    </Card>
  );
}
