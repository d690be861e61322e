import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { ImportScores } from '@/features/games-and-odds/components/import-scores';
import { useClientSports } from '@/lib/api/get-client-sports';
import { useSportSelection } from '@/lib/sport-selection';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert } from '@/ui/alert';

/** Only the loads the backend offers are shown (docs/rules.md, Admin loads); the others come with their jobs. */
export function GamesAndOddsPage() {
  useDocumentTitle('Games & Odds');
  const { data: user } = useCurrentUser();
  const { data: sports } = useClientSports(user?.clientId);
  const { sportId } = useSportSelection();
  const sport = sports?.find((candidate) => candidate.sportId === sportId);
  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Games &amp; Odds</h1>
          <p className="page-subtitle">
            {sport ? `${sport.sportName}: results and weekly close` : 'Results and weekly close'}
          </p>
        </div>
      </div>
      <div className="games-and-odds">
        {sport ? (
          <ImportScores sportId={sport.sportId} sportName={sport.sportName} />
        ) : (
          <Alert status="info">Choose a sport to import its scores.</Alert>
        )}
      </div>
    </>
  );
}
