import { useState } from 'react';
import { Permission } from '#domain/auth/permissions.ts';
import { useClientSports } from '@/lib/api/get-client-sports';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { useSports } from '@/lib/api/get-sports';
import { type Team, useTeamList } from '@/lib/api/get-team-list';
import { holdsPermissions } from '@/lib/permissions';
import { useSportSelection } from '@/lib/sport-selection';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResourceList } from '@/lib/use-resource-list';
import { Select } from '@/ui/select';
import { ResourcePage, RowAction } from '@/ui/resource-page';
import type { TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { EditTeamDialog } from './edit-team-dialog';
import { HandSetFields } from './hand-set-fields';
import { ImportTeams } from './import-teams';
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

const columns: TableColumn<Team>[] = [
  { key: 'name', header: 'Team', render: (team) => <TeamName team={team} /> },
  { key: 'city', header: 'City', render: (team) => team.city },
  { key: 'mascot', header: 'Mascot', render: (team) => team.mascot },
  { key: 'abbreviation', header: 'Abbreviation', render: (team) => team.abbreviation },
  { key: 'handSet', header: 'Set by hand', render: (team) => <HandSetFields team={team} /> },
];

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
  const list = useResourceList<Team>();
  const sportId = selection.selectedSportId ?? chosen ?? catalogue.data?.[0]?.id;
  const teams = useTeamList(sportId);
  useErrorToast(teams.error ?? catalogue.error);

  const sportName =
    clientSports.data?.find((sport) => sport.sportId === sportId)?.sportName ??
    catalogue.data?.find((sport) => sport.id === sportId)?.name;

  return (
    <ResourcePage
      title="Teams"
      subtitle={sportName ? `The teams of ${sportName}` : 'The teams of a sport'}
      actions={sportId !== undefined && <ImportTeams sportId={sportId} sportName={sportName ?? ''} />}
      toolbar={
        chooseHere &&
        catalogue.data && (
          <Select
            label="Sport"
            className="teams__sport"
            options={catalogue.data.map((sport) => ({ value: sport.id, label: sport.name }))}
            value={sportId}
            onChange={setChosen}
            searchable={false}
          />
        )
      }
      caption={sportName ? `Teams of ${sportName}` : 'Teams'}
      noun="teams"
      className="teams"
      columns={columns}
      rowKey={(team) => team.id}
      rows={teams}
      emptyText="No teams yet: Load Teams imports them."
      waitingText={sportId === undefined && !catalogue.isLoading ? 'Choose a sport to see its teams.' : undefined}
      list={list}
      rowActions={(team) => (
        <>
          <SetLogoButton team={team} />
          <RowAction label="Edit Team" row={team.name} onClick={() => list.open({ kind: 'edit', row: team })} />
        </>
      )}
      form={(team) => team && <EditTeamDialog team={team} onClose={list.close} />}
    />
  );
}
