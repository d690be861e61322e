import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { signIn } from '#domain/contracts/auth.ts';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { TextField } from '@/ui/text-field';
import { useSignIn } from '@/features/auth/api/sign-in';

// The login rule is the server's; a wrong or missing password is the server's to say. Three fields need no
// form library: leaving react-hook-form out keeps it off the first page load.
export function SignInForm() {
  const [loginError, setLoginError] = useState<string>();
  const { trigger, isMutating, error } = useSignIn();

  // A success starts the session, which swaps this screen for the app.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const login = signIn.request.shape.login.safeParse(String(fields.get('login') ?? ''));
    setLoginError(login.success ? undefined : login.error.issues[0]?.message);
    if (!login.success) return;
    void trigger({
      login: login.data,
      password: String(fields.get('password') ?? ''),
      remember: fields.has('remember'),
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && !isMutating && <Alert status="error">{error.message}</Alert>}
      <TextField label="Login" name="login" autoComplete="username" autoFocus error={loginError} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" />
      <div className="form__row">
        <Checkbox label="Remember me" name="remember" />
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
      <Button type="submit" isLoading={isMutating}>
        Sign In
      </Button>
    </form>
  );
}
