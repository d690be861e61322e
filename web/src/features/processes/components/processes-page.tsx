import { useState } from 'react';
import { Permission } from '#domain/auth/permissions.ts';
import { scheduleTimeZone } from '#domain/processes/processes.ts';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { formatMoment } from '@/lib/format';
import { holdsPermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResourceList } from '@/lib/use-resource-list';
import { ZoneNote } from '@/lib/zone-note';
import { Button } from '@/ui/button';
import { ResourcePage } from '@/ui/resource-page';
import type { TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { type Process, type ProcessSchedule, useProcesses } from '@/features/processes/api/get-processes';
import { runMoment, scheduleSummary } from '@/features/processes/schedule-text';
import { useDeleteSchedule } from '@/features/processes/api/delete-schedule';
import { ProcessSchedulePanel, scheduleId } from './process-schedule-panel';
import { RunOutcome } from './run-outcome';
import { ScheduleDialog } from './schedule-dialog';
import '@/features/processes/processes.css';

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
];

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
  const list = useResourceList<ProcessSchedule>();
  const deletion = useDeleteSchedule();

  if (!user) return null;
  const canUpdate = holdsPermissions(user, [Permission.UpdateProcessSchedule]);
  // Read from the list each time, so the panel shows the schedules as saved.
  const shown = processes.data?.find((process) => process.id === shownId);

  return (
    <ResourcePage
      title="Processes"
      subtitle="The system's recurring jobs and when they run"
      note={<ZoneNote zone={scheduleTimeZone} />}
      caption="Processes"
      noun="processes"
      className="processes"
      columns={columns}
      rowKey={(process) => process.id}
      rows={processes}
      list={list}
      actionsHeader="Schedule"
      rowActions={(process) => (
        <Button
          variant="ghost"
          aria-expanded={process.id === shownId}
          aria-controls={process.id === shownId ? scheduleId(process) : undefined}
          onClick={() => setShownId(process.id)}
        >
          Show process schedule<span className="visually-hidden"> of {process.name}</span>
        </Button>
      )}
      below={
        shown && (
          <ProcessSchedulePanel
            process={shown}
            canUpdate={canUpdate}
            onAdd={() => list.open({ kind: 'create' })}
            onEdit={(schedule) => list.open({ kind: 'edit', row: schedule })}
            onDelete={(schedule) => list.open({ kind: 'delete', row: schedule })}
            onClose={() => setShownId(undefined)}
          />
        )
      }
      form={(schedule) => shown && <ScheduleDialog process={shown} schedule={schedule} onClose={list.close} />}
      remove={
        shown && {
          title: 'Delete schedule',
          notice: (schedule) => `Schedule ${schedule.id} has been deleted`,
          run: (schedule) => deletion.trigger(schedule.id, { throwOnError: true }),
          // The process no longer runs at the schedule's time.
          describe: (schedule) => (
            <>
              Delete schedule {schedule.id} of {shown.name}, {scheduleSummary(schedule)}? {shown.name} no longer runs at
              that time.
            </>
          ),
        }
      }
    />
  );
}
