import { useEffect } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useWeekList } from '@/lib/api/get-week-list';
import { ApiError } from '@/lib/api-client';
import { useClientSports } from '@/lib/api/get-client-sports';
import { endSession, useSessionToken } from '@/lib/session';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { LoadingOverlay } from '@/ui/loading-overlay';
import { useToast } from '@/ui/toast';
import { AppLayout } from './layout/app-layout';
import { AuthLayout } from './layout/auth-layout';
import { SignInPage } from './routes/sign-in';

/** Session start (docs/rules.md, Session): no token → sign-in; a token → spinner until started → the app. */
export function SessionGate() {
  const token = useSessionToken();
  if (!token) {
    return (
      <AuthLayout>
        <SignInPage />
      </AuthLayout>
    );
  }
  return <SessionStart />;
}

/** Loads the user, then the client's sports, then the first sport's weeks; any failure ends the session. */
function SessionStart() {
  const toast = useToast();
  const user = useCurrentUser();
  const sports = useClientSports(user.data?.clientId);
  const firstSport = sports.data?.[0];
  const weeks = useWeekList(firstSport?.sportId);
  const started = Boolean(user.data && sports.data && (!firstSport || weeks.data));
  const failure = started ? undefined : (user.error ?? sports.error ?? weeks.error);

  useEffect(() => {
    if (!failure) return;
    // A 401 has already ended the session; anything else is worth telling before showing sign-in.
    if (!(failure instanceof ApiError && failure.status === 401)) toast.notifyError(failure);
    endSession();
  }, [failure, toast]);

  if (!user.data || !sports.data || !started) return <LoadingOverlay label="Signing you in…" />;
  return (
    <SportSelectionProvider initialSportId={firstSport?.sportId} initialWeeks={weeks.data} sports={sports.data}>
      <AppLayout user={user.data} sports={sports.data} />
    </SportSelectionProvider>
  );
}
