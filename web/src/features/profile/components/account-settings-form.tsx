import { useState, type FormEvent } from 'react';
import type { UserPayload } from '../../../../../domain/auth/user';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { useSetPassword } from '../api/set-password';

const minimumLength = 8;

interface Errors {
  oldPassword?: string;
  newPassword?: string;
}

function validate(oldPassword: string, newPassword: string): Errors {
  const errors: Errors = {};
  if (!oldPassword) errors.oldPassword = 'Old password is required';
  if (!newPassword) errors.newPassword = 'New password is required';
  else if (newPassword.length < minimumLength) errors.newPassword = `New password must be at least ${minimumLength} characters`;
  return errors;
}

export function AccountSettingsForm({ user }: { user: UserPayload }) {
  const [editing, setEditing] = useState(false);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { trigger, isMutating } = useSetPassword();
  const toast = useToast();
  const errors = submitted ? validate(oldPassword, newPassword) : {};

  const reset = () => {
    setOldPassword('');
    setNewPassword('');
    setSubmitted(false);
    setEditing(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(oldPassword, newPassword)).length) return;
    try {
      const answer = await trigger({ oldPassword, newPassword }, { throwOnError: true });
      reset();
      toast.notify('success', answer?.message ?? 'Password changed');
    } catch (error) {
      toast.notifyError(error);
    }
  };

  return (
    <Card
      title="Account Settings"
      actions={
        !editing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit Account Settings
          </Button>
        )
      }
    >
      <form className="form" onSubmit={submit} noValidate aria-label="Account settings">
        <h3 className="form__section-title">Account information</h3>
        <div className="form__grid">
          <TextField label="Email address" name="emailAddress" value={user.emailAddress} readOnly />
          <TextField label="Username" name="login" value={user.login} readOnly />
        </div>
        <h3 className="form__section-title">Change password</h3>
        <div className="form__grid">
          <TextField
            label="Old Password"
            name="oldPassword"
            type="password"
            autoComplete="current-password"
            disabled={!editing}
            value={oldPassword}
            error={errors.oldPassword}
            onChange={(event) => setOldPassword(event.target.value)}
          />
          <TextField
            label="New Password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            disabled={!editing}
            value={newPassword}
            error={errors.newPassword}
            hint={editing ? `At least ${minimumLength} characters.` : undefined}
            onChange={(event) => setNewPassword(event.target.value)}
          />
        </div>
        {editing && (
          <div className="form__actions">
            <Button variant="secondary" onClick={reset} disabled={isMutating}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isMutating}>
              Change Password
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
