import { useId, useState } from 'react';
import type { UserPayload } from '#domain/auth/user.ts';
import { Card } from '@/ui/card';
import { Switch } from '@/ui/switch';
import { useToast } from '@/ui/toast';
import { useEditUser } from '@/features/profile/api/edit-user';

/** Reminders are on until the player turns them off. */
const remindersOn = (user: UserPayload) => user.pickReminders !== false;

export interface PickRemindersSettingProps {
  user: UserPayload;
  /** Called with the server's updated user, so the switch shows what is stored. */
  onSaved: (user: UserPayload) => void;
}

/** Whether the player is mailed while their week's five picks are not all placed; it applies at once. */
export function PickRemindersSetting({ user, onSaved }: PickRemindersSettingProps) {
  const descriptionId = useId();
  const { trigger, isMutating } = useEditUser();
  const toast = useToast();
  // The choice being saved shows at once; the stored one again if the save fails.
  const [saving, setSaving] = useState<boolean>();

  const save = async (pickReminders: boolean) => {
    setSaving(pickReminders);
    try {
      // The profile edit keeps every field it is not given: only the names it requires go along.
      const updated = await trigger(
        {
          id: user.id,
          displayName: user.displayName,
          firstName: user.firstName,
          lastName: user.lastName,
          pickReminders,
        },
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
    <Card title="Reminders">
      <Switch
        label="Pick reminders"
        checked={saving ?? remindersOn(user)}
        disabled={isMutating}
        aria-describedby={descriptionId}
        onChange={(event) => void save(event.target.checked)}
      />
      <p id={descriptionId} className="muted">
        Mail me when I have not placed my five picks
      </p>
    </Card>
  );
}
