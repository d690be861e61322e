import { useEffect, useMemo, useState } from 'react';
import { canActAcrossClients, parsePermissions, Permission } from '#domain/auth/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useWeekList } from '@/lib/api/get-week-list';
import { ApiError, mayAnswerLater } from '@/lib/api-client';
import { type SportChoice, useClientSports } from '@/lib/api/get-client-sports';
import { useSports } from '@/lib/api/get-sports';
import { endSession, tokenClientId, useSessionToken } from '@/lib/session';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { Button } from '@/ui/button';
import { LoadingOverlay } from '@/ui/loading-overlay';
import { useToast } from '@/ui/toast';
import { AppLayout } from './layout/app-layout';
import { AuthLayout } from './layout/auth-layout';
import { useLogout } from './use-logout';
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
  return <SessionStart token={token} />;
}

/**
 * Loads the user and the sports of the sidebar side by side (the token names the client), then the first sport's
 * weeks; a failure before the session started ends it, unless a later read may pass (offline, a busy server). The
 * sidebar holds the client's sports; a client manager whose client plays none (the system administrator) gets every
 * active sport, to look after on the admin pages.
 */
export function useSessionStart(token: string) {
  const toast = useToast();
  const user = useCurrentUser();
  const played = useClientSports(user.data?.clientId ?? tokenClientId(token));
  const held = parsePermissions(user.data?.permissions ?? '');
  const everySport = played.data?.length === 0 && canActAcrossClients(held) && held.includes(Permission.ViewSports);
  const catalogue = useSports(everySport);
  const sports = useMemo<SportChoice[] | undefined>(
    () =>
      everySport
        ? catalogue.data
            ?.filter((sport) => sport.active)
            .map((sport) => ({ sportId: sport.id, sportName: sport.name, timeZone: sport.timeZone }))
        : played.data,
    [everySport, catalogue.data, played.data],
  );
  const playedSportIds = useMemo(() => played.data?.map((sport) => sport.sportId) ?? [], [played.data]);
  // Started once, the session stays started: a later change of the sports (one added before the first, or it
  // removed) is data, not a new start, so nothing hides the app again or, failing, ends the session; the sidebar
  // keeps the sports it showed until the new ones are read.
  const [started, setStarted] = useState<{ sports: SportChoice[]; sportId: number | undefined }>();
  if (started && sports && sports !== started.sports) setStarted({ ...started, sports });
  const firstSport = sports?.[0];
  // The weeks of the sport the session started on: the app's own reads take it from there.
  const weeks = useWeekList(started ? started.sportId : firstSport?.sportId);
  if (!started && user.data && sports && (!firstSport || weeks.data))
    setStarted({ sports, sportId: firstSport?.sportId });
  const failure = started ? undefined : (user.error ?? played.error ?? catalogue.error ?? weeks.error);
  // Offline or a busy server says nothing about the token: the start waits (SWR asks again, and on reconnecting).
  const unreachable = mayAnswerLater(failure) ? failure : undefined;

  useEffect(() => {
    if (!failure || mayAnswerLater(failure)) return;
    // A 401 has already ended the session; anything else is worth telling before showing sign-in.
    if (!(failure instanceof ApiError && failure.status === 401)) toast.notifyError(failure);
    endSession();
  }, [failure, toast]);
  const askAgain = () => void Promise.all([user.mutate(), played.mutate(), catalogue.mutate(), weeks.mutate()]);
  return {
    user: user.data,
    sports: sports ?? started?.sports,
    playedSportIds,
    firstSport,
    weeks,
    started: !!started,
    unreachable,
    askAgain,
  };
}

/** A start that cannot reach the server: the sign-in is kept, to try again or to sign out. */
function Unreachable({ error, askAgain }: { error: ApiError; askAgain: () => void }) {
  // As the menu's sign-out: this browser's pushes stop too, so the next user on it gets none of this one's.
  const logout = useLogout();
  return (
    <AuthLayout>
      <div className="auth-card" role="alert">
        <div className="auth-card__heading">
          <h1 className="auth-card__title">Pick'em cannot be reached</h1>
          <p className="auth-card__intro">
            {error.status === 0 ? 'The server does not answer: check your connection.' : 'The server is busy.'} You are
            still signed in: the app opens when you try again, or when the connection comes back.
          </p>
        </div>
        <div className="auth-card__actions">
          <Button onClick={askAgain}>Try again</Button>
          <Button variant="secondary" onClick={logout}>
            Sign out
          </Button>
        </div>
      </div>
    </AuthLayout>
  );
}

function SessionStart({ token }: { token: string }) {
  const { user, sports, playedSportIds, firstSport, weeks, started, unreachable, askAgain } = useSessionStart(token);
  if (!started && unreachable) return <Unreachable error={unreachable} askAgain={askAgain} />;
  if (!user || !sports || !started) return <LoadingOverlay label="Signing you in…" />;
  return (
    <SportSelectionProvider
      initialSportId={firstSport?.sportId}
      playedSportIds={playedSportIds}
      initialWeeks={weeks.data}
      sports={sports}
    >
      <AppLayout user={user} sports={sports} />
    </SportSelectionProvider>
  );
}
