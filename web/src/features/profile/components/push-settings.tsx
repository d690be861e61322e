import { useEffect, useId, useState } from 'react';
import type { UserPayload } from '#domain/auth/user.ts';
import type { PushKind } from '#domain/push/push-kinds.ts';
import { Card } from '@/ui/card';
import { Switch } from '@/ui/switch';
import { useAddPushSubscription } from '@/features/profile/api/add-push-subscription';
import { usePushKey } from '@/features/profile/api/get-push-key';
import {
  currentSubscription,
  forgetThisDevice,
  pushSupported,
  subscribeThisDevice,
} from '@/features/profile/push-device';
import { useSettingsSave } from '@/features/profile/use-settings-save';
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
  const { trigger: add } = useAddPushSubscription();
  const { shown: settings, saving, save } = useSettingsSave<{ push: PushKind[] }>(user, onSaved);
  const shown = settings.push;
  const [thisDevice, setThisDevice] = useState<boolean>();

  useEffect(() => {
    if (supported) void currentSubscription().then((subscription) => setThisDevice(subscription !== undefined));
  }, [supported]);

  const subscribe = async () => {
    await add(await subscribeThisDevice(key!.publicKey), { throwOnError: true });
    setThisDevice(true);
  };
  // Nothing left to push: this device need not be asked any more.
  const unsubscribe = async () => {
    await forgetThisDevice();
    setThisDevice(false);
  };
  // A kind turned on subscribes this device first; one turned off only saves (asking the browser again would refuse
  // it while notifications are blocked), and the last one off forgets the device.
  const choose = (push: PushKind[], turnedOn: boolean) =>
    save({ push }, turnedOn ? { before: subscribe } : push.length > 0 ? {} : { after: unsubscribe });

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
            // Turning one on needs the push key; turning one off does not.
            disabled={saving || (!key && !shown.includes(kind))}
            aria-describedby={`${descriptionId}-${kind}`}
            onChange={(event) =>
              void choose(
                event.target.checked ? [...shown, kind] : shown.filter((each) => each !== kind),
                event.target.checked,
              )
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
