import { ZoneNote } from '@/lib/zone-note';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { LeaderboardView } from '@/features/leaderboard/components/leaderboard-view';
import { PrizesLine } from '@/features/prizes/components/prizes-line';
import { useClientSports } from '@/lib/api/get-client-sports';
import { useSportSelection } from '@/lib/sport-selection';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  // The session gate renders this page only once the user is loaded.
  const { data: user } = useCurrentUser();
  const { data: sports } = useClientSports(user?.clientId);
  const { sportId } = useSportSelection();
  if (!user) return null;
  const sportName = sports?.find((sport) => sport.sportId === sportId)?.sportName;
  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Leaderboard</h1>
          <p className="page-subtitle">
            {sportName ? `${sportName} · weekly and year-to-date points` : 'Weekly and year-to-date points'}
          </p>
          <PrizesLine clientId={user.clientId} />
          <ZoneNote />
        </div>
      </div>
      <LeaderboardView currentUserId={user.id} sportName={sportName} />
    </>
  );
}
