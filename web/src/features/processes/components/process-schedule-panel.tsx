import { useEffect, useRef } from 'react';
import { maxSchedulesPerProcess } from '#domain/contracts/processes.ts';
import { scheduleTimeZone } from '#domain/processes/processes.ts';
import { formatMoment } from '@/lib/format';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Table, type TableColumn } from '@/ui/table';
import type { Process, ProcessRun, ProcessSchedule } from '@/features/processes/api/get-processes';
import { periodicityText, runMoment, scheduleTime } from '@/features/processes/schedule-text';
import { RunOutcome } from './run-outcome';

/** The panel's element id, for the button that opens it. */
export const scheduleId = (process: Process) => `process-${process.id}-schedule`;

export interface ProcessSchedulePanelProps {
  process: Process;
  /** Update process schedule: adds the action column and Add schedule. */
  canUpdate: boolean;
  onAdd: () => void;
  onEdit: (schedule: ProcessSchedule) => void;
  onDelete: (schedule: ProcessSchedule) => void;
  onClose: () => void;
}

const runColumns: TableColumn<ProcessRun>[] = [
  {
    key: 'when',
    header: 'When',
    render: (run) => {
      const moment = runMoment(run);
      return moment && <span className="process-run__when">{formatMoment(moment, scheduleTimeZone)}</span>;
    },
  },
  { key: 'outcome', header: 'Outcome', render: (run) => <RunOutcome run={run} /> },
];

/** A process's schedules (times in New York) and its latest runs. */
export function ProcessSchedulePanel({
  process,
  canUpdate,
  onAdd,
  onEdit,
  onDelete,
  onClose,
}: ProcessSchedulePanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  // Opening a process's schedule moves the reader (and the keyboard) to it, as a dialog would.
  useEffect(() => panel.current?.focus(), [process.id]);

  const columns: TableColumn<ProcessSchedule>[] = [
    { key: 'id', header: 'ID', render: (schedule) => schedule.id },
    {
      key: 'active',
      header: 'State',
      render: (schedule) => (
        <span className={`process-schedule__state${schedule.active ? ' process-schedule__state--active' : ''}`}>
          {schedule.active ? 'Active' : 'Not active'}
        </span>
      ),
    },
    { key: 'time', header: 'Time (New York)', render: scheduleTime },
    { key: 'periodicity', header: 'Periodicity', render: periodicityText },
  ];
  if (canUpdate)
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (schedule) => (
        <span className="ui-table__actions">
          <Button variant="ghost" onClick={() => onEdit(schedule)}>
            Edit<span className="visually-hidden"> schedule {schedule.id}</span>
          </Button>
          <Button variant="ghost" onClick={() => onDelete(schedule)}>
            Delete<span className="visually-hidden"> schedule {schedule.id}</span>
          </Button>
        </span>
      ),
    });

  return (
    <div
      ref={panel}
      className="process-schedule"
      id={scheduleId(process)}
      tabIndex={-1}
      role="region"
      aria-label={`Schedule of ${process.name}`}
    >
      <Card
        title={`Schedule of ${process.name}`}
        actions={
          <>
            {canUpdate && (
              <Button onClick={onAdd} disabled={process.processSchedule.length >= maxSchedulesPerProcess}>
                Add schedule
              </Button>
            )}
            <Button variant="secondary" onClick={onClose}>
              Close<span className="visually-hidden"> the schedule of {process.name}</span>
            </Button>
          </>
        }
      >
        <Table
          caption={`Schedules of ${process.name}`}
          columns={columns}
          rows={process.processSchedule}
          rowKey={(schedule) => schedule.id}
          emptyText="No schedules: the process runs only when started by hand."
        />
        <h3 className="process-schedule__runs-title">Recent runs</h3>
        <Table
          caption={`Recent runs of ${process.name}`}
          columns={runColumns}
          rows={process.recentRuns}
          rowKey={(run) => run.jobId}
          emptyText="No runs yet"
        />
      </Card>
    </div>
  );
}
