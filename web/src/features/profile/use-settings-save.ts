import { useState } from 'react';
import type { UserPayload } from '#domain/auth/user.ts';
import { type EditUserInput, useEditUser } from '@/features/profile/api/edit-user';
import { useToast } from '@/ui/toast';

/** Settings of the user that the profile edit changes, any of them at a time. */
export type SettingsChanges = Omit<Partial<EditUserInput>, 'id' | 'clientId'>;

export interface SaveSteps {
  /** Runs before the edit (say, subscribing this device): a failure saves nothing. */
  before?: () => Promise<void>;
  /** Runs once the edit is saved (say, unsubscribing this device). */
  after?: () => Promise<void>;
}

/**
 * The one way Profile → Notifications saves a setting: at once, the choice shown while it is saved and the stored one
 * again if the save fails, a toast saying which, and the server's updated user handed to `onSaved`.
 */
export function useSettingsSave<Changes extends SettingsChanges>(
  user: UserPayload,
  onSaved: (user: UserPayload) => void,
) {
  const { trigger } = useEditUser();
  const toast = useToast();
  const [saving, setSaving] = useState<Changes>();

  const save = async (changes: Changes, { before, after }: SaveSteps = {}) => {
    setSaving(changes);
    try {
      await before?.();
      // The profile edit keeps every field it is not given, the names too: a rename made since stays.
      const updated = await trigger({ id: user.id, ...changes }, { throwOnError: true });
      await after?.();
      onSaved(updated);
      toast.notify('success', 'Changes Saved.');
    } catch (error) {
      toast.notifyError(error);
    } finally {
      setSaving(undefined);
    }
  };

  return { shown: { ...user, ...saving }, saving: saving !== undefined, save };
}
