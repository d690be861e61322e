import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { sendPasswordLink } from '#domain/contracts/auth.ts';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useSendPasswordLink } from '@/features/auth/api/send-password-link';

/** The recovery notice stays a minute (docs/rules.md, Notices), long enough to go and open the mail. */
const sentNoticeMs = 60_000;

const forgotPasswordFields = z.pick(sendPasswordLink.request, { login: true });

export function ForgotPasswordForm() {
  const form = useForm({ resolver: zodResolver(forgotPasswordFields), defaultValues: { login: '' } });
  const { trigger, isMutating } = useSendPasswordLink();
  const toast = useToast();

  const submit = form.handleSubmit(async ({ login }) => {
    try {
      const answer = await trigger(login, { throwOnError: true });
      toast.notify('success', answer?.message ?? 'The instructions have been sent to your email', {
        durationMs: sentNoticeMs,
      });
    } catch (error) {
      toast.notifyError(error);
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label="Login"
        autoComplete="username"
        autoFocus
        error={form.formState.errors.login?.message}
        {...form.register('login')}
      />
      <Button type="submit" isLoading={isMutating}>
        Send Instructions
      </Button>
    </form>
  );
}
