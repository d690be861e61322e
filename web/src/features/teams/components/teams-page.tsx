import { useState } from 'react';
import { Permission } from '#domain/auth/permissions.ts';
import { useClientSports } from '@/lib/api/get-client-sports';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { useSports } from '@/lib/api/get-sports';
import { type Team, useTeamList } from '@/lib/api/get-team-list';
import { holdsPermissions } from '@/lib/permissions';
import { useSportSelection } from '@/lib/sport-selection';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { Table, type TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { EditTeamDialog } from './edit-team-dialog';
import { LoadTeams } from './load-teams';
import { SetLogoButton } from './set-logo-button';
import { TeamLogo } from '@/ui/team-logo';
import '@/features/teams/teams.css';

function TeamName({ team }: { team: Team }) {
  return (
    <span className="team-name">
      <TeamLogo logo={team.logo} name={team.name} alt={`${team.name} logo`} />
      {team.name}
    </span>
  );
}

/**
 * The Teams page of the management area: the teams of the sport chosen in the sport switcher, with Set Logo,
 * Edit Team and Load Teams. A user with no sport in the sidebar chooses it here.
 */
export function TeamsPage() {
  useDocumentTitle('Teams');
  const { data: user } = useSignedInUser();
  const selection = useSportSelection();
  const clientSports = useClientSports(user?.clientId);
  const chooseHere = selection.selectedSportId === undefined;
  // The catalogue names the sidebar's sport when the user's client does not play it (the system administrator).
  const catalogue = useSports(!!user && holdsPermissions(user, [Permission.ViewSports]));
  const [chosen, setChosen] = useState<number>();
  const [editing, setEditing] = useState<Team>();
  const sportId = selection.selectedSportId ?? chosen ?? catalogue.data?.[0]?.id;
  const teams = useTeamList(sportId);
  useErrorToast(teams.error ?? catalogue.error);

  const sportName =
    clientSports.data?.find((sport) => sport.sportId === sportId)?.sportName ??
    catalogue.data?.find((sport) => sport.id === sportId)?.name;

  const columns: TableColumn<Team>[] = [
    { key: 'name', header: 'Team', render: (team) => <TeamName team={team} /> },
    { key: 'city', header: 'City', render: (team) => team.city },
    { key: 'mascot', header: 'Mascot', render: (team) => team.mascot },
    { key: 'abbreviation', header: 'Abbreviation', render: (team) => team.abbreviation },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (team) => (
        <span className="ui-table__actions">
          <SetLogoButton team={team} />
          <Button variant="ghost" onClick={() => setEditing(team)}>
            Edit Team<span className="visually-hidden"> {team.name}</span>
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Teams</h1>
          <p className="page-subtitle">{sportName ? `The teams of ${sportName}` : 'The teams of a sport'}</p>
        </div>
        {sportId !== undefined && <LoadTeams sportId={sportId} />}
      </div>
      <section className="teams" aria-busy={teams.isLoading || undefined}>
        {chooseHere && catalogue.data && (
          <Select
            label="Sport"
            className="teams__sport"
            options={catalogue.data.map((sport) => ({ value: sport.id, label: sport.name }))}
            value={sportId}
            onChange={setChosen}
            searchable={false}
          />
        )}
        {sportId === undefined && !catalogue.isLoading ? (
          <p className="muted">Choose a sport to see its teams.</p>
        ) : teams.data ? (
          <Table
            caption={sportName ? `Teams of ${sportName}` : 'Teams'}
            columns={columns}
            rows={teams.data}
            rowKey={(team) => team.id}
            emptyText="No teams yet: Load Teams imports them."
          />
        ) : teams.error ? (
          <p className="muted">The teams could not be loaded.</p>
        ) : (
          <div className="loading-block">
            <Spinner label="Loading the teams…" />
          </div>
        )}
      </section>
      {editing && <EditTeamDialog key={editing.id} team={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
