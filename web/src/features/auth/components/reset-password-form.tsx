import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { Button, ButtonLink } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { useResetPassword } from '../api/reset-password';

const minimumLength = 8;

interface Errors {
  newPassword?: string;
  repeatPassword?: string;
}

function validate(newPassword: string, repeatPassword: string): Errors {
  const errors: Errors = {};
  if (!newPassword) errors.newPassword = 'New password is required';
  else if (newPassword.length < minimumLength) errors.newPassword = `New password must be at least ${minimumLength} characters`;
  if (!repeatPassword) errors.repeatPassword = 'Repeat password is required';
  else if (newPassword && repeatPassword !== newPassword) errors.repeatPassword = 'Passwords did not match';
  return errors;
}

export function ResetPasswordForm({ token }: { token: string }) {
  const [newPassword, setNewPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [done, setDone] = useState(false);
  const { trigger, isMutating } = useResetPassword();
  const toast = useToast();
  const errors = submitted ? validate(newPassword, repeatPassword) : {};

  if (done) {
    return (
      <div className="form">
        <Alert status="success">Password changed</Alert>
        <ButtonLink to="/">Sign in</ButtonLink>
      </div>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(newPassword, repeatPassword)).length) return;
    try {
      await trigger({ token, newPassword }, { throwOnError: true });
      setDone(true);
    } catch (error) {
      setLinkInvalid(error instanceof ApiError && error.code === 'RESET_LINK_INVALID');
      toast.notifyError(error);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {linkInvalid && (
        <Alert status="warn">
          This link can no longer be used. <Link to="/forgot-password">Ask for a new link</Link>.
        </Alert>
      )}
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        autoFocus
        value={newPassword}
        error={errors.newPassword}
        hint={`At least ${minimumLength} characters.`}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <TextField
        label="Repeat password"
        name="repeatPassword"
        type="password"
        autoComplete="new-password"
        value={repeatPassword}
        error={errors.repeatPassword}
        onChange={(event) => setRepeatPassword(event.target.value)}
      />
      <Button type="submit" isLoading={isMutating}>
        Change Password
      </Button>
    </form>
  );
}
