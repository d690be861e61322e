import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { TextField } from '../../../ui/text-field';
import { useSignIn } from '../api/sign-in';

export function SignInForm() {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [loginError, setLoginError] = useState<string>();
  const { trigger, isMutating, error } = useSignIn();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedLogin = login.trim();
    if (!trimmedLogin) {
      setLoginError('Login is required');
      return;
    }
    // A success starts the session, which swaps this screen for the app.
    void trigger({ login: trimmedLogin, password, remember });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && !isMutating && <Alert status="error">{error.message}</Alert>}
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
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="form__row">
        <Checkbox
          label="Remember me"
          name="remember"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
      <Button type="submit" isLoading={isMutating}>
        Sign In
      </Button>
    </form>
  );
}
