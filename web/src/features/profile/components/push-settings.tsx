import { useEffect, useId, useState } from 'react';
import type { UserPayload } from '#domain/auth/user.ts';
import type { PushKind } from '#domain/push/push-kinds.ts';
import { Card } from '@/ui/card';
import { Switch } from '@/ui/switch';
import { useToast } from '@/ui/toast';
import { useAddPushSubscription } from '@/features/profile/api/add-push-subscription';
import { useDeletePushSubscription } from '@/features/profile/api/delete-push-subscription';
import { useEditUser } from '@/features/profile/api/edit-user';
import { usePushKey } from '@/features/profile/api/get-push-key';
import { currentSubscription, pushSupported, subscribeThisDevice } from '@/features/profile/push-device';
import './mail-settings.css';

const kinds: { kind: PushKind; label: string; description: string }[] = [
  {
    kind: 'pickReminder',
    label: 'Pick reminders',
    description: 'Before a lock when I have not placed my five picks (when the mail comes)',
  },
  { kind: 'nudge', label: 'Nudges', description: 'When my commissioner reminds the players missing picks' },
  { kind: 'announcement', label: 'Announcements', description: 'The announcements my commissioner sends by mail' },
  { kind: 'weekGraded', label: 'Week graded', description: "When a week's games are over and its picks graded" },
];

export interface PushSettingsProps {
  user: UserPayload;
  /** Called with the server's updated user, so the switches show what is stored. */
  onSaved: (user: UserPayload) => void;
}

/** Which messages are also pushed to the player's devices, beside the mails; turning one on subscribes this device. */
export function PushSettings({ user, onSaved }: PushSettingsProps) {
  const descriptionId = useId();
  const supported = pushSupported();
  const { data: key } = usePushKey(supported);
  const { trigger: edit } = useEditUser();
  const { trigger: add } = useAddPushSubscription();
  const { trigger: remove } = useDeletePushSubscription();
  const toast = useToast();
  const [saving, setSaving] = useState<PushKind[]>();
  const [thisDevice, setThisDevice] = useState<boolean>();
  const shown = saving ?? user.push;

  useEffect(() => {
    if (supported) void currentSubscription().then((subscription) => setThisDevice(subscription !== undefined));
  }, [supported]);

  const save = async (push: PushKind[]) => {
    setSaving(push);
    try {
      if (push.length > 0 && key) {
        await add(await subscribeThisDevice(key.publicKey), { throwOnError: true });
        setThisDevice(true);
      }
      const updated = await edit(
        { id: user.id, displayName: user.displayName, firstName: user.firstName, lastName: user.lastName, push },
        { throwOnError: true },
      );
      // Nothing left to push: this device need not be asked any more.
      const subscription = push.length === 0 ? await currentSubscription() : undefined;
      if (subscription) {
        await remove(subscription.endpoint, { throwOnError: true }).catch(() => undefined);
        await subscription.unsubscribe();
        setThisDevice(false);
      }
      onSaved(updated);
      toast.notify('success', 'Changes Saved.');
    } catch (error) {
      toast.notifyError(error);
    } finally {
      setSaving(undefined);
    }
  };

  if (!supported)
    return (
      <Card title="Push notifications">
        <p className="muted">This browser cannot show push notifications; the mails above still come.</p>
      </Card>
    );
  return (
    <Card title="Push notifications">
      {kinds.map(({ kind, label, description }) => (
        <div key={kind} className="mail-setting">
          <Switch
            label={`Push: ${label}`}
            checked={shown.includes(kind)}
            disabled={saving !== undefined || !key}
            aria-describedby={`${descriptionId}-${kind}`}
            onChange={(event) =>
              void save(event.target.checked ? [...shown, kind] : shown.filter((each) => each !== kind))
            }
          />
          <p id={`${descriptionId}-${kind}`} className="muted">
            {description}
          </p>
        </div>
      ))}
      {shown.length > 0 && thisDevice === false && (
        <p className="muted">This device does not get them yet: turn one off and on again here to add it.</p>
      )}
    </Card>
  );
}
