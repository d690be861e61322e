import { UserStatus } from '#domain/auth/user.ts';
import type { DayFlags } from '#domain/catalogue/types.ts';
import { type Sport, useSports } from '@/lib/api/get-sports';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResourceList } from '@/lib/use-resource-list';
import { ResourcePage, RowAction } from '@/ui/resource-page';
import { StatusDot } from '@/ui/status-dot';
import type { TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { EditSportDialog } from './edit-sport-dialog';
import '@/features/sports/sports-page.css';

const weekdays: readonly { header: string; flag: keyof DayFlags }[] = [
  { header: 'Mon', flag: 'allowMondayPicks' },
  { header: 'Tue', flag: 'allowTuesdayPicks' },
  { header: 'Wed', flag: 'allowWednesdayPicks' },
  { header: 'Thu', flag: 'allowThursdayPicks' },
  { header: 'Fri', flag: 'allowFridayPicks' },
  { header: 'Sat', flag: 'allowSaturdayPicks' },
  { header: 'Sun', flag: 'allowSundayPicks' },
];

const columns: TableColumn<Sport>[] = [
  {
    key: 'name',
    header: 'Sport',
    render: (sport) => (
      <span className="sport-name">
        <StatusDot status={sport.active ? UserStatus.Active : UserStatus.NotActive} />
        {sport.name}
      </span>
    ),
  },
  ...weekdays.map(({ header, flag }) => ({
    key: flag,
    header,
    render: (sport: Sport) => (sport[flag] ? 'Regular' : <span className="sport-day sport-day--bonus">Bonus</span>),
  })),
];

/** The Sports page of the management area: each sport's days, Regular or Bonus, and its Edit dialog. */
export function SportsPage() {
  useDocumentTitle('Sports');
  const sports = useSports();
  const list = useResourceList<Sport>();
  useErrorToast(sports.error);

  return (
    <ResourcePage
      title="Sports"
      subtitle="Which days of each sport's week take regular picks and which bonus picks"
      caption="Sports"
      noun="sports"
      className="sports-page"
      columns={columns}
      rowKey={(sport) => sport.id}
      rows={sports}
      emptyText="No sports yet."
      list={list}
      rowActions={(sport) => (
        <RowAction label="Edit" row={sport.name} onClick={() => list.open({ kind: 'edit', row: sport })} />
      )}
      form={(sport) => sport && <EditSportDialog sport={sport} onClose={list.close} />}
    />
  );
}
