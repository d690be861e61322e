import { useEffect, useMemo, useState } from 'react';
import { canActAcrossClients, parsePermissions, Permission } from '#domain/auth/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useWeekList } from '@/lib/api/get-week-list';
import { ApiError } from '@/lib/api-client';
import { type SportChoice, useClientSports } from '@/lib/api/get-client-sports';
import { useSports } from '@/lib/api/get-sports';
import { endSession, tokenClientId, useSessionToken } from '@/lib/session';
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
  return <SessionStart token={token} />;
}

/**
 * Loads the user and the sports of the sidebar side by side (the token names the client), then the first sport's
 * weeks; any failure before the session started ends it. The sidebar holds the client's sports; a client manager
 * whose client plays none (the system administrator) gets every active sport, to look after on the admin pages.
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

  useEffect(() => {
    if (!failure) return;
    // A 401 has already ended the session; anything else is worth telling before showing sign-in.
    if (!(failure instanceof ApiError && failure.status === 401)) toast.notifyError(failure);
    endSession();
  }, [failure, toast]);
  return { user: user.data, sports: sports ?? started?.sports, playedSportIds, firstSport, weeks, started: !!started };
}

function SessionStart({ token }: { token: string }) {
  const { user, sports, playedSportIds, firstSport, weeks, started } = useSessionStart(token);
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
