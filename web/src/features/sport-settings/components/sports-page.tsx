import { useState } from 'react';
import { UserStatus } from '#domain/auth/user.ts';
import type { DayFlags } from '#domain/catalogue/types.ts';
import { type Sport, useSports } from '@/lib/api/get-sports';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { StatusDot } from '@/ui/status-dot';
import { Table, type TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { EditSportDialog } from './edit-sport-dialog';
import '@/features/sport-settings/sport-settings.css';

const weekdays: readonly { header: string; flag: keyof DayFlags }[] = [
  { header: 'Mon', flag: 'allowMondayPicks' },
  { header: 'Tue', flag: 'allowTuesdayPicks' },
  { header: 'Wed', flag: 'allowWednesdayPicks' },
  { header: 'Thu', flag: 'allowThursdayPicks' },
  { header: 'Fri', flag: 'allowFridayPicks' },
  { header: 'Sat', flag: 'allowSaturdayPicks' },
  { header: 'Sun', flag: 'allowSundayPicks' },
];

/** The Sports page of the management area: each sport's days, Regular or Bonus, and its Edit dialog. */
export function SportsPage() {
  useDocumentTitle('Sports');
  const sports = useSports();
  const [editing, setEditing] = useState<Sport>();
  useErrorToast(sports.error);

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
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (sport) => (
        <span className="ui-table__actions">
          <Button variant="ghost" onClick={() => setEditing(sport)}>
            Edit<span className="visually-hidden"> {sport.name}</span>
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Sports</h1>
          <p className="page-subtitle">Which days of each sport&apos;s week take regular picks and which bonus picks</p>
        </div>
      </div>
      <section className="sport-settings" aria-busy={sports.isLoading || undefined}>
        {sports.data ? (
          <Table
            caption="Sports"
            columns={columns}
            rows={sports.data}
            rowKey={(sport) => sport.id}
            emptyText="No sports yet."
          />
        ) : sports.error ? (
          <p className="muted">The sports could not be loaded.</p>
        ) : (
          <div className="loading-block">
            <Spinner label="Loading the sports…" />
          </div>
        )}
      </section>
      {editing && <EditSportDialog key={editing.id} sport={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
