import { useState } from 'react';
import type { Week } from '../../../../domain/season/weeks';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useClientSports } from '../../features/sports/api/get-client-sports';
import { SportIcon } from '../../features/sports/components/sport-icon';
import { formatLongDate, formatWeekRange } from '../../lib/format';
import { useSelectedSportWeeks, useSportSelection, type WeekChoice } from '../../lib/sport-selection';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { Table, type SortState, type TableColumn } from '../../ui/table';

function weekStatus(week: Week, choice: WeekChoice, now: number): string {
  if (week.id === choice.currentWeekId) return 'Current week';
  if (Date.parse(week.endDate) < now) return 'Played';
  return 'Upcoming';
}

function SeasonWeeks({ choice }: { choice: WeekChoice }) {
  const [sort, setSort] = useState<SortState>({ key: 'number', direction: 'ascending' });
  const now = Date.now();
  const columns: TableColumn<Week>[] = [
    { key: 'number', header: 'Week', render: (week) => `Week ${week.number}`, sortValue: (week) => week.number },
    { key: 'dates', header: 'Dates', render: (week) => formatWeekRange(week) },
    {
      key: 'status',
      header: 'Status',
      render: (week) => {
        const status = weekStatus(week, choice, now);
        return <span className={status === 'Current week' ? 'week-badge' : 'week-badge week-badge--muted'}>{status}</span>;
      },
    },
  ];
  return (
    <Table
      caption="Weeks of the season"
      columns={columns}
      rows={choice.weeks}
      rowKey={(week) => week.id}
      sort={sort}
      onSortChange={setSort}
      rowClassName={(week) => (week.id === choice.currentWeekId ? 'is-highlighted' : undefined)}
    />
  );
}

function SeasonCard({ clientId }: { clientId: number }) {
  const { sportId } = useSportSelection();
  const choice = useSelectedSportWeeks();
  const { data: sports } = useClientSports(clientId);
  const sport = sports?.find((candidate) => candidate.sportId === sportId);

  if (!sport) {
    return (
      <Card title="Season">
        <Alert status="info">No sports are set up for your client yet.</Alert>
      </Card>
    );
  }
  const selected = choice?.weeks.find((week) => week.id === choice.selectedWeekId);
  return (
    <Card title={`${sport.sportName} season`}>
      {choice === undefined ? (
        <div className="loading-block">
          <Spinner label={`Loading the ${sport.sportName} weeks…`} />
        </div>
      ) : choice === null || !selected ? (
        <Alert status="info">The {sport.sportName} season has no weeks yet.</Alert>
      ) : (
        <>
          <p className="sport-title">
            <SportIcon sportName={sport.sportName} />
            <strong>Week {selected.number}</strong>
            <span className="muted">
              {formatWeekRange(selected)} · {choice.currentWeekId ? `ends ${formatLongDate(selected.endDate)}` : 'the season is not running'}
            </span>
          </p>
          <SeasonWeeks choice={choice} />
        </>
      )}
    </Card>
  );
}

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  // The session gate renders this page only once the user is loaded.
  const { data: user } = useCurrentUser();
  if (!user) return null;

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Dashboard</h1>
          <p className="page-subtitle">Welcome back, {user.firstName || user.displayName}.</p>
        </div>
      </div>
      <div className="dashboard-grid">
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
        <SeasonCard clientId={user.clientId} />
      </div>
    </>
  );
}
