import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { useSendPasswordLink } from '../api/send-password-link';

/** Spec §9: the recovery notice stays a minute, long enough to go and open the mail. */
const sentNoticeMs = 60_000;

export function ForgotPasswordForm() {
  const [login, setLogin] = useState('');
  const [loginError, setLoginError] = useState<string>();
  const { trigger, isMutating } = useSendPasswordLink();
  const toast = useToast();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedLogin = login.trim();
    if (!trimmedLogin) {
      setLoginError('Login is required');
      return;
    }
    try {
      const answer = await trigger(trimmedLogin, { throwOnError: true });
      toast.notify('success', answer?.message ?? 'The instructions have been sent to your email', { durationMs: sentNoticeMs });
    } catch (error) {
      toast.notifyError(error);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label="Login"
        name="login"
        autoComplete="username"
        autoFocus
        value={login}
        error={loginError}
        onChange={(event) => {
          setLogin(event.target.value);
          setLoginError(undefined);
        }}
      />
      <Button type="submit" isLoading={isMutating}>
        Send Instructions
      </Button>
    </form>
  );
}
