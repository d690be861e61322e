import { lazy, Suspense } from 'react';
import { ZoneNote } from '@/lib/zone-note';
import { selectWeeks } from '#domain/season/weeks.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { LiveNowCard } from '@/features/dashboard/components/live-now-card';
import { StatsCard } from '@/features/dashboard/components/stats-card';
import { AnnouncementsSlot } from '@/features/announcements/components/announcements-slot';
import { LeaderboardPreview } from '@/features/leaderboard/components/leaderboard-preview';
import { PrizesLine } from '@/features/prizes/components/prizes-line';
import { useClientSports } from '@/lib/api/get-client-sports';
import { holdsPermissions } from '@/lib/permissions';
import { useSelectedSportWeeks, useSportSelection } from '@/lib/sport-selection';
import { serverDate } from '@/lib/server-clock';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/features/dashboard/dashboard.css';

// Only administrators see the users block: its code stays out of a player's first load.
const UsersPreview = lazy(async () => ({
  default: (await import('@/features/dashboard/components/users-preview')).UsersPreview,
}));

// The last block, under the fold: its code (and the team logos') stays out of the first load, its room kept meanwhile.
const MyPicksPreview = lazy(async () => ({
  default: (await import('@/features/dashboard/components/my-picks-preview')).MyPicksPreview,
}));

// A link to a page that is not built yet would only bounce back here. The pages table knows which are
// built; it imports this page, so it passes the check in.
export function DashboardPage({ pageIsBuilt }: { pageIsBuilt: (path: string) => boolean }) {
  useDocumentTitle('Dashboard');
  // The session gate renders this page only once the user is loaded.
  const { data: user } = useCurrentUser();
  const { data: sports } = useClientSports(user?.clientId);
  const { sportId } = useSportSelection();
  const choice = useSelectedSportWeeks();
  if (!user) return null;

  const sportName = sports?.find((sport) => sport.sportId === sportId)?.sportName;
  const seesUsers = holdsPermissions(user, [Permission.ViewUsers]);
  // The dashboard is about today: the stats run through today's week, the blocks show the week before.
  // Undefined while the weeks load, null when the sport has none.
  const todayWeek =
    choice === undefined ? undefined : ((choice && selectWeeks(choice.weeks, serverDate())?.selected) ?? null);
  const previousWeek = choice?.weeks.find((week) => week.id === choice.previousWeekId);
  const seesLeaderboard = holdsPermissions(user, [Permission.ViewLeaderboard]);
  const leaderboardWeek = seesLeaderboard ? previousWeek : undefined;
  const picks = holdsPermissions(user, [Permission.SetBets]) && sportId !== undefined;

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Dashboard</h1>
          <p className="account-line">
            Signed in as <strong>{user.displayName}</strong> · {user.role}, {user.client}
          </p>
          <PrizesLine clientId={user.clientId} />
          <ZoneNote />
        </div>
      </div>
      <div className={leaderboardWeek ? 'dashboard' : 'dashboard dashboard--single'}>
        {/* The player's call to action leads, above the announcements, whose late arrival then moves nothing above. */}
        {picks && todayWeek && (
          <LiveNowCard sportId={sportId} week={todayWeek} showsStanding={seesLeaderboard} className="dashboard__wide" />
        )}
        <AnnouncementsSlot canPost={holdsPermissions(user, [Permission.EditUsers])} className="dashboard__wide" />
        <StatsCard
          sportId={sportId}
          sportName={sportName}
          week={todayWeek}
          fallbackTitle={seesUsers ? 'Overall Stats' : 'My Stats'}
        />
        {leaderboardWeek && sportId !== undefined && (
          <LeaderboardPreview sportId={sportId} week={leaderboardWeek} currentUserId={user.id} />
        )}
        <div className="dashboard__wide">
          {seesUsers ? (
            <Suspense fallback={null}>
              <UsersPreview showAllLink={pageIsBuilt('/users')} />
            </Suspense>
          ) : (
            picks &&
            previousWeek && (
              <Suspense fallback={<div className="dashboard__room" />}>
                <MyPicksPreview sportId={sportId} week={previousWeek} showAllLink={pageIsBuilt('/my-picks')} />
              </Suspense>
            )
          )}
        </div>
      </div>
    </>
  );
}
