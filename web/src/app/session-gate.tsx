import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useSessionToken } from '../lib/session';
import { Spinner } from '../ui/spinner';
import { AppLayout } from './layout';
import { SignInPage } from './routes/sign-in';

/** Session start (spec §4): no token → sign-in; a token → spinner until its user is loaded → the app. */
export function SessionGate() {
  const token = useSessionToken();
  const { data: user } = useCurrentUser();

  if (!token) return <SignInPage />;
  if (!user) {
    return (
      <div className="centered-screen">
        <Spinner size="lg" label="Signing you in…" />
      </div>
    );
  }
  return <AppLayout user={user} />;
}
