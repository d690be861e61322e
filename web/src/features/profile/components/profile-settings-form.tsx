import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { UserPayload } from '#domain/auth/user.ts';
import { profileForm } from '#domain/contracts/users.ts';
import { changedFields } from '@/lib/changed-fields';
import { PhoneField } from '@/ui/phone-field';
import { toE164 } from '#domain/contracts/fields.ts';
import { TextField } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useEditUser } from '@/features/profile/api/edit-user';
import { SettingsCard } from './settings-card';

// The server's own rules, plus the phone field's verdict on a newly typed number (its length for its country).
const fields = z.extend(z.omit(profileForm, { id: true, roleId: true }), { phonePossible: z.boolean() }).check(
  z.superRefine((values, context) => {
    if (values.phoneNumber && !values.phonePossible)
      context.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'Phone number is not valid' });
  }),
);

// The stored number was accepted by the server; only a newly typed one needs checking.
const valuesOf = (user: UserPayload): z.input<typeof fields> => ({
  displayName: user.displayName,
  firstName: user.firstName,
  middleName: user.middleName,
  lastName: user.lastName,
  phoneNumber: toE164(user.phoneNumber),
  phonePossible: true,
});

export interface ProfileSettingsFormProps {
  user: UserPayload;
  /** Called with the server's updated user, so the app shows the new name everywhere. */
  onSaved: (user: UserPayload) => void;
}

const names = ['displayName', 'firstName', 'lastName'] as const;
const trimmed = (values: { displayName: string; firstName: string; lastName: string }) => ({
  displayName: values.displayName.trim(),
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
});

export function ProfileSettingsForm({ user, onSaved }: ProfileSettingsFormProps) {
  const [editing, setEditing] = useState(false);
  const form = useForm({ resolver: zodResolver(fields), defaultValues: valuesOf(user) });
  const { errors } = form.formState;
  const { trigger, isMutating } = useEditUser();
  const toast = useToast();
  // Not being edited, the form shows the user as last read: an administrator's rename since shows, and an edit starts
  // from it.
  useEffect(() => {
    if (!editing) form.reset(valuesOf(user));
  }, [user, editing, form]);
  const field = (name: 'displayName' | 'firstName' | 'middleName' | 'lastName') => ({
    error: errors[name]?.message,
    readOnly: !editing,
    ...form.register(name),
  });

  const cancel = () => {
    form.reset(valuesOf(user));
    setEditing(false);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const updated = await trigger(
        {
          id: user.id,
          // The names changed in the form only: one sent as the form was filled would undo an administrator's rename
          // made since (the user given may be fresher than the form by then).
          ...changedFields(form.formState.defaultValues ?? {}, trimmed(values), names),
          middleName: (values.middleName ?? '').trim(),
          phoneNumber: values.phoneNumber ?? '',
        },
        { throwOnError: true },
      );
      onSaved(updated);
      form.reset(valuesOf(updated));
      setEditing(false);
      toast.notify('success', 'Changes Saved.');
    } catch (error) {
      toast.notifyError(error);
    }
  });

  return (
    <SettingsCard
      title="Profile Settings"
      formLabel="Profile settings"
      editLabel="Edit Profile"
      submitLabel="Save Changes"
      editing={editing}
      isSaving={isMutating}
      onEdit={() => setEditing(true)}
      onCancel={cancel}
      onSubmit={(event) => void submit(event)}
    >
      <h3 className="form__section-title">Profile information</h3>
      <div className="form__grid">
        <TextField
          label="Display name"
          autoComplete="nickname"
          className="form__grid--span"
          {...field('displayName')}
        />
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Middle name" autoComplete="additional-name" {...field('middleName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <h3 className="form__section-title">Contact information</h3>
      <div className="form__grid">
        {editing ? (
          <PhoneField
            label="Phone number"
            name="phoneNumber"
            value={form.watch('phoneNumber') ?? ''}
            onChange={(value, possible) => {
              const revalidate = { shouldValidate: form.formState.isSubmitted };
              form.setValue('phonePossible', possible);
              form.setValue('phoneNumber', value, revalidate);
            }}
            error={errors.phoneNumber?.message}
          />
        ) : (
          <TextField label="Phone number" name="phoneNumber" value={user.phoneNumber} readOnly />
        )}
        <TextField
          label="Email address"
          name="emailAddress"
          value={user.emailAddress}
          readOnly
          hint="Ask an administrator to change it."
        />
      </div>
    </SettingsCard>
  );
}
