import { useId } from 'react';
import type { UserPayload } from '#domain/auth/user.ts';
import type { ReminderTiming } from '#domain/processes/pick-locks.ts';
import { Card } from '@/ui/card';
import { Select } from '@/ui/select';
import { Switch } from '@/ui/switch';
import { useSettingsSave } from '@/features/profile/use-settings-save';
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
  const { shown, saving, save } = useSettingsSave<Changes>(user, onSaved);

  return (
    <Card title="Mails">
      {settings.map(({ name, label, description }) => (
        <div key={name} className="mail-setting">
          <Switch
            label={label}
            checked={shown[name] !== false}
            disabled={saving}
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
              disabled={saving}
              onChange={(pickReminderTiming) => void save({ pickReminderTiming })}
            />
          )}
        </div>
      ))}
    </Card>
  );
}
