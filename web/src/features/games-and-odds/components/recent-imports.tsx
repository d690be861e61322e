import { useState } from 'react';
import type { RefusedRow } from '#domain/contracts/jobs.ts';
import { formatMoment } from '@/lib/format';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { Table, type TableColumn } from '@/ui/table';
import { JobProgress } from '@/ui/job-progress';
import { type ImportJob, useImportJobs } from '../api/get-import-jobs';
import { importSummary, importTitle } from '@/lib/import-kinds';

type RefusedItem = Extract<RefusedRow, { item: string }>;

const refusedItems = (job: ImportJob): RefusedItem[] =>
  (job.report?.refused ?? []).filter((row): row is RefusedItem => 'item' in row);

function Outcome({ job }: { job: ImportJob }) {
  if (job.status === 'queued' || job.status === 'running')
    return (
      <JobProgress
        progress={job.progress}
        label="Rows done"
        unit="rows done"
        waiting={job.status === 'queued' ? 'Queued' : 'Running'}
      />
    );
  if (job.status === 'failed')
    return <span className="job-state--failed">Failed: {job.error ?? 'An error occurred!'}</span>;
  return <>{importSummary(job)}</>;
}

const refusedColumns: TableColumn<RefusedItem>[] = [
  { key: 'item', header: 'Item', render: (row) => row.item },
  { key: 'reason', header: 'Reason', render: (row) => row.reason },
];

function RefusedDialog({ title, job, onClose }: { title: string; job: ImportJob; onClose: () => void }) {
  const rows = refusedItems(job);
  const refused = job.counts?.refused ?? rows.length;
  return (
    <Modal open title={`Refused: ${title}`} onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      {refused > rows.length && (
        <Alert status="info">
          The first {rows.length} of {refused} refused rows.
        </Alert>
      )}
      <div className="refused-rows">
        <Table
          caption="Refused rows"
          columns={refusedColumns}
          rows={rows}
          rowKey={(row) => `${row.item}|${row.reason}`}
        />
      </div>
    </Modal>
  );
}

/**
 * The client's latest imports, newest first: what, who, when (in the zone the page names, `zone`) and how each ended;
 * refused rows on demand.
 */
export function RecentImports({
  sportName,
  zone,
}: {
  sportName: (sportId: number) => string;
  zone: string | undefined;
}) {
  const { data: jobs, error, isLoading } = useImportJobs();
  const [shown, setShown] = useState<ImportJob>();
  const title = (job: ImportJob) => importTitle(job, sportName);
  const columns: TableColumn<ImportJob>[] = [
    { key: 'what', header: 'What', render: title },
    { key: 'who', header: 'Who', render: (job) => job.actorName },
    {
      key: 'when',
      header: 'When',
      render: (job) => job.queuedAt && <span className="recent-imports__when">{formatMoment(job.queuedAt, zone)}</span>,
    },
    { key: 'outcome', header: 'Outcome', render: (job) => <Outcome job={job} /> },
    {
      key: 'refused',
      header: 'Refused rows',
      render: (job) =>
        refusedItems(job).length > 0 && (
          <Button variant="secondary" onClick={() => setShown(job)}>
            Show {job.counts?.refused ?? refusedItems(job).length} refused
          </Button>
        ),
    },
  ];
  return (
    <Card title="Recent imports" className="recent-imports">
      {error ? (
        <Alert status="error">{error.message}</Alert>
      ) : isLoading ? (
        <Spinner label="Loading recent imports" />
      ) : (
        <Table
          caption="Recent imports"
          columns={columns}
          rows={jobs ?? []}
          rowKey={(job) => job.jobId}
          emptyText="No imports yet"
        />
      )}
      {shown && <RefusedDialog title={title(shown)} job={shown} onClose={() => setShown(undefined)} />}
    </Card>
  );
}
