import { useState } from 'react';
import { Permission } from '#domain/auth/permissions.ts';
import { scheduleTimeZone } from '#domain/processes/processes.ts';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { formatMoment } from '@/lib/format';
import { holdsPermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ZoneNote } from '@/lib/zone-note';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { Table, type TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { type Process, type ProcessSchedule, useProcesses } from '@/features/processes/api/get-processes';
import { runMoment } from '@/features/processes/schedule-text';
import { DeleteScheduleDialog } from './delete-schedule-dialog';
import { ProcessSchedulePanel, scheduleId } from './process-schedule-panel';
import { RunOutcome } from './run-outcome';
import { ScheduleDialog } from './schedule-dialog';
import '@/features/processes/processes.css';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete'; schedule: ProcessSchedule };

/**
 * The Processes page: the system's recurring jobs, when each runs and how its latest runs went. Changing
 * schedules needs 'update process schedule'.
 */
export function ProcessesPage() {
  useDocumentTitle('Processes');
  const { data: user } = useSignedInUser();
  const processes = useProcesses();
  useErrorToast(processes.error);
  const [shownId, setShownId] = useState<number>();
  const [dialog, setDialog] = useState<Dialog>();

  if (!user) return null;
  const canUpdate = holdsPermissions(user, [Permission.UpdateProcessSchedule]);
  // Read from the list each time, so the panel shows the schedules as saved.
  const shown = processes.data?.find((process) => process.id === shownId);

  const columns: TableColumn<Process>[] = [
    { key: 'name', header: 'Name', render: (process) => <span className="process__name">{process.name}</span> },
    { key: 'description', header: 'Description', render: (process) => process.description, wrap: true },
    {
      key: 'lastRun',
      header: 'Last run',
      render: (process) => {
        const run = process.recentRuns[0];
        if (!run) return <span className="muted">Not run yet</span>;
        const moment = runMoment(run);
        return (
          <span className="process__last-run">
            {moment && <span className="process-run__when">{formatMoment(moment, scheduleTimeZone)}</span>}
            <RunOutcome run={run} />
          </span>
        );
      },
    },
    {
      key: 'schedule',
      header: 'Schedule',
      align: 'end',
      render: (process) => (
        <span className="ui-table__actions">
          <Button
            variant="ghost"
            aria-expanded={process.id === shownId}
            aria-controls={process.id === shownId ? scheduleId(process) : undefined}
            onClick={() => setShownId(process.id)}
          >
            Show process schedule<span className="visually-hidden"> of {process.name}</span>
          </Button>
        </span>
      ),
    },
  ];

  const close = () => setDialog(undefined);

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Processes</h1>
          <p className="page-subtitle">The system&apos;s recurring jobs and when they run</p>
          <ZoneNote zone={scheduleTimeZone} />
        </div>
      </div>
      <section className="processes" aria-busy={processes.isLoading || undefined}>
        {processes.data ? (
          <Table caption="Processes" columns={columns} rows={processes.data} rowKey={(process) => process.id} />
        ) : processes.error ? (
          <p className="muted">The processes could not be loaded.</p>
        ) : (
          <div className="loading-block">
            <Spinner label="Loading the processes…" />
          </div>
        )}
        {shown && (
          <ProcessSchedulePanel
            process={shown}
            canUpdate={canUpdate}
            onAdd={() => setDialog({ kind: 'add' })}
            onEdit={(schedule) => setDialog({ kind: 'edit', schedule })}
            onDelete={(schedule) => setDialog({ kind: 'delete', schedule })}
            onClose={() => setShownId(undefined)}
          />
        )}
      </section>
      {shown && (dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <ScheduleDialog
          key={dialog.kind === 'edit' ? dialog.schedule.id : 'new'}
          process={shown}
          schedule={dialog.kind === 'edit' ? dialog.schedule : undefined}
          onClose={close}
        />
      )}
      {shown && dialog?.kind === 'delete' && (
        <DeleteScheduleDialog process={shown} schedule={dialog.schedule} onClose={close} />
      )}
    </>
  );
}
