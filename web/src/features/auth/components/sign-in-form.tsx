import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import { signIn } from '#domain/contracts/auth.ts';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { TextField } from '@/ui/text-field';
import { useSignIn } from '@/features/auth/api/sign-in';

// The login rule is the server's; a wrong or missing password is the server's to say.
const signInFields = z.object({ login: signIn.request.shape.login, password: z.string(), remember: z.boolean() });

export function SignInForm() {
  const form = useForm({
    resolver: zodResolver(signInFields),
    defaultValues: { login: '', password: '', remember: false },
  });
  const { trigger, isMutating, error } = useSignIn();

  // A success starts the session, which swaps this screen for the app.
  const submit = form.handleSubmit((values) => void trigger(values));

  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && !isMutating && <Alert status="error">{error.message}</Alert>}
      <TextField
        label="Login"
        autoComplete="username"
        autoFocus
        error={form.formState.errors.login?.message}
        {...form.register('login')}
      />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.register('password')} />
      <div className="form__row">
        <Checkbox label="Remember me" {...form.register('remember')} />
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
      <Button type="submit" isLoading={isMutating}>
        Sign In
      </Button>
    </form>
  );
}
