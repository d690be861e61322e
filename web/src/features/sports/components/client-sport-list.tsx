import { Alert } from '../../../ui/alert';
import { Spinner } from '../../../ui/spinner';
import { useClientSports } from '../api/get-client-sports';

export function ClientSportList({ clientId }: { clientId: number }) {
  const { data: sports, error } = useClientSports(clientId);

  if (error) return <Alert status="error">{error.message}</Alert>;
  if (!sports) return <Spinner label="Loading sports…" />;
  if (sports.length === 0) return <Alert status="info">No sports are set up for your client yet.</Alert>;

  return (
    <ul className="sport-list" aria-label="Your sports">
      {sports.map((sport) => (
        <li key={sport.id} className="sport-list__item">
          {sport.sportName}
          <span className="sport-list__affiliate">{sport.affiliateName}</span>
        </li>
      ))}
    </ul>
  );
}
