import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import { resetPassword } from '#domain/contracts/auth.ts';
import { passwordMinLength, passwordsMatch, repeatPassword } from '#domain/contracts/password-fields.ts';
import { ApiError } from '@/lib/api-client';
import { Alert } from '@/ui/alert';
import { Button, ButtonLink } from '@/ui/button';
import { TextField } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useResetPassword } from '@/features/auth/api/reset-password';

const resetPasswordFields = z
  .object({ newPassword: resetPassword.request.shape.newPassword, repeatPassword })
  .check(passwordsMatch('newPassword'));

export function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm({
    resolver: zodResolver(resetPasswordFields),
    defaultValues: { newPassword: '', repeatPassword: '' },
  });
  const { errors } = form.formState;
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [done, setDone] = useState(false);
  const { trigger, isMutating } = useResetPassword();
  const toast = useToast();

  if (done) {
    return (
      <div className="form">
        <Alert status="success">Password changed</Alert>
        <ButtonLink to="/">Sign in</ButtonLink>
      </div>
    );
  }

  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await trigger({ token, newPassword }, { throwOnError: true });
      setDone(true);
    } catch (error) {
      setLinkInvalid(error instanceof ApiError && error.code === 'RESET_LINK_INVALID');
      toast.notifyError(error);
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      {linkInvalid && (
        <Alert status="warn">
          This link can no longer be used. <Link to="/forgot-password">Ask for a new link</Link>.
        </Alert>
      )}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
        error={errors.newPassword?.message}
        hint={`At least ${passwordMinLength} characters.`}
        {...form.register('newPassword')}
      />
      <TextField
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        error={errors.repeatPassword?.message}
        {...form.register('repeatPassword')}
      />
      <Button type="submit" isLoading={isMutating}>
        Change Password
      </Button>
    </form>
  );
}
