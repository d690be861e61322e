import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import type { UserPayload } from '#domain/auth/user.ts';
import { profileForm } from '#domain/contracts/users.ts';
import { fieldErrors } from '@/lib/field-errors';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { PhoneField, toE164 } from '@/ui/phone-field';
import { TextField } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useEditUser, type ProfileInput } from '@/features/profile/api/edit-user';

type Values = Omit<ProfileInput, 'id'>;
type Errors = Partial<Record<keyof Values, string>>;

const valuesOf = (user: UserPayload): Values => ({
  displayName: user.displayName,
  firstName: user.firstName,
  middleName: user.middleName,
  lastName: user.lastName,
  phoneNumber: toE164(user.phoneNumber),
});

const profileFields = z.omit(profileForm, { id: true, roleId: true });

// The server's own rules, said before the round trip, plus the phone field's check of a typed number.
function validate(values: Values, phonePossible: boolean): Errors {
  const errors = fieldErrors<keyof Values>(profileFields, values);
  if (values.phoneNumber && !errors.phoneNumber && !phonePossible) errors.phoneNumber = 'Phone number is not valid';
  return errors;
}

export interface ProfileSettingsFormProps {
  user: UserPayload;
  /** Called with the server's updated user, so the app shows the new name everywhere. */
  onSaved: (user: UserPayload) => void;
}

export function ProfileSettingsForm({ user, onSaved }: ProfileSettingsFormProps) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => valuesOf(user));
  const [submitted, setSubmitted] = useState(false);
  // The stored number was accepted by the server; only a newly typed one needs checking.
  const [phonePossible, setPhonePossible] = useState(true);
  const { trigger, isMutating } = useEditUser();
  const toast = useToast();
  const errors = submitted ? validate(values, phonePossible) : {};

  const set = (field: keyof Values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    readOnly: !editing,
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
  });

  const cancel = () => {
    setValues(valuesOf(user));
    setPhonePossible(true);
    setSubmitted(false);
    setEditing(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(values, phonePossible)).length) return;
    try {
      const updated = await trigger(
        {
          id: user.id,
          displayName: values.displayName.trim(),
          firstName: values.firstName.trim(),
          middleName: values.middleName.trim(),
          lastName: values.lastName.trim(),
          phoneNumber: values.phoneNumber,
        },
        { throwOnError: true },
      );
      onSaved(updated);
      setValues(valuesOf(updated));
      setSubmitted(false);
      setEditing(false);
      toast.notify('success', 'Changes Saved.');
    } catch (error) {
      toast.notifyError(error);
    }
  };

  return (
    <Card
      title="Profile Settings"
      actions={
        !editing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        )
      }
    >
      <form className="form" onSubmit={submit} noValidate aria-label="Profile settings">
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
              value={values.phoneNumber}
              onChange={(value, possible) => {
                set('phoneNumber')(value);
                setPhonePossible(possible);
              }}
              error={errors.phoneNumber}
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
        {editing && (
          <div className="form__actions">
            <Button variant="secondary" onClick={cancel} disabled={isMutating}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isMutating}>
              Save Changes
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
