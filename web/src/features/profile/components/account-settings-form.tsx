import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { UserPayload } from '#domain/auth/user.ts';
import { setPassword } from '#domain/contracts/auth.ts';
import { passwordMinLength } from '#domain/contracts/password-fields.ts';
import { TextField } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useSetPassword } from '@/features/profile/api/set-password';
import { SettingsCard } from './settings-card';

const passwordChangeFields = z.pick(setPassword.request, { oldPassword: true, newPassword: true });
const blank = { oldPassword: '', newPassword: '' };

export function AccountSettingsForm({ user }: { user: UserPayload }) {
  const [editing, setEditing] = useState(false);
  const form = useForm({ resolver: zodResolver(passwordChangeFields), defaultValues: blank });
  const { errors } = form.formState;
  const { trigger, isMutating } = useSetPassword();
  const toast = useToast();

  const reset = () => {
    form.reset(blank);
    setEditing(false);
  };

  const submit = form.handleSubmit(async (change) => {
    try {
      const answer = await trigger(change, { throwOnError: true });
      reset();
      toast.notify('success', answer?.message ?? 'Password changed');
    } catch (error) {
      toast.notifyError(error);
    }
  });

  return (
    <SettingsCard
      title="Account Settings"
      formLabel="Account settings"
      editLabel="Edit Account Settings"
      submitLabel="Change Password"
      editing={editing}
      isSaving={isMutating}
      onEdit={() => setEditing(true)}
      onCancel={reset}
      onSubmit={(event) => void submit(event)}
    >
      <h3 className="form__section-title">Account information</h3>
      <div className="form__grid">
        <TextField label="Email address" name="emailAddress" value={user.emailAddress} readOnly />
        <TextField label="Username" name="login" value={user.login} readOnly />
      </div>
      <h3 className="form__section-title">Change password</h3>
      <div className="form__grid">
        <TextField
          label="Old Password"
          type="password"
          autoComplete="current-password"
          disabled={!editing}
          error={errors.oldPassword?.message}
          {...form.register('oldPassword')}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          disabled={!editing}
          error={errors.newPassword?.message}
          hint={editing ? `At least ${passwordMinLength} characters.` : undefined}
          {...form.register('newPassword')}
        />
      </div>
    </SettingsCard>
  );
}
