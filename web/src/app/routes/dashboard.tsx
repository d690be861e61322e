import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { ClientSportList } from '../../features/sports/components/client-sport-list';
import { Card } from '../../ui/card';

export function DashboardPage() {
  // The session gate renders this page only once the user is loaded.
  const { data: user } = useCurrentUser();
  if (!user) return null;

  return (
    <>
      <h1 className="page-title">Dashboard</h1>
      <Card title="Account">
        <p>
          Signed in as <strong>{user.displayName}</strong>
        </p>
        <dl className="details">
          <dt>E-mail</dt>
          <dd>{user.emailAddress}</dd>
          <dt>Client</dt>
          <dd>{user.client}</dd>
          <dt>Role</dt>
          <dd>{user.role}</dd>
          <dt>Permissions</dt>
          <dd>{user.permissions}</dd>
        </dl>
      </Card>
      <Card title="Sports">
        <ClientSportList clientId={user.clientId} />
      </Card>
    </>
  );
}
