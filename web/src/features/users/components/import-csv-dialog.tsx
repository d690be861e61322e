import { useEffect, useId, useRef, useState } from 'react';
import { csvTooLarge, usersCsvLimits, usersCsvTemplateHeader } from '#domain/accounts/users-csv-columns.ts';
import { contracts } from '#domain/contracts/api.ts';
import { isFinished, type JobRecord, useJobStatus } from '@/lib/api/get-job-status';
import { isInvalidatedByJobOf } from '@/lib/contract-keys';
import { useAskAgain } from '@/lib/use-contract-mutation';
import { downloadCsv } from '@/lib/csv-file';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { JobProgress } from '@/ui/job-progress';
import { Table, type TableColumn } from '@/ui/table';
import { errorText, useToast } from '@/ui/toast';
import { useImportUsers } from '../api/import-users';

/** What a failed read or a file that is not CSV shows (docs/rules.md, CSV import). */
const readFailure = 'Something went wrong...';

type RefusedLine = Extract<NonNullable<JobRecord['report']>['refused'][number], { line: number }>;

/** The file's content as base64 (without the data-URL prefix); rejects when it cannot be read. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      const comma = url.indexOf(',');
      if (comma < 0) reject(new Error(readFailure));
      else resolve(url.slice(comma + 1));
    };
    reader.onerror = () => reject(new Error(readFailure));
    reader.readAsDataURL(file);
  });
}

/** The refused lines as a CSV file the administrator can fix and import again. */
const downloadRefused = (lines: readonly RefusedLine[]) =>
  downloadCsv('refused-lines.csv', [
    ['line', 'login', 'reason'],
    ...lines.map((line) => [line.line, line.login, line.reason]),
  ]);

const reportColumns: TableColumn<RefusedLine>[] = [
  { key: 'line', header: 'Line', render: (line) => line.line },
  { key: 'login', header: 'Login', render: (line) => line.login },
  { key: 'reason', header: 'Reason', render: (line) => line.reason },
];

function JobReport({ job }: { job: JobRecord }) {
  if (job.status === 'failed') return <Alert status="error">{job.error ?? 'An error occurred!'}</Alert>;
  const refusedLines = (job.report?.refused ?? []).filter((row): row is RefusedLine => 'line' in row);
  const created = job.counts?.created ?? 0;
  const existing = job.counts?.existing ?? 0;
  const refused = job.counts?.refused ?? refusedLines.length;
  return (
    <>
      <p className="users-import__counts">
        {created} {created === 1 ? 'user' : 'users'} created,{' '}
        {existing > 0 && `${existing} already there (imported before), `}
        {refused} {refused === 1 ? 'line' : 'lines'} refused
      </p>
      {refusedLines.length > 0 && (
        <>
          {refusedLines.length < refused && (
            <p>{`The first ${refusedLines.length} are listed: fix them and import the file again for the rest.`}</p>
          )}
          <div className="users-import__report">
            <Table
              caption="Refused lines"
              columns={reportColumns}
              rows={refusedLines}
              rowKey={(line) => `${line.line}-${line.login}`}
            />
          </div>
          <div>
            <Button variant="secondary" onClick={() => downloadRefused(refusedLines)}>
              Download refused lines
            </Button>
          </div>
        </>
      )}
    </>
  );
}

/** Imports users from a .csv file as a job: its progress, then how many were created and which lines were refused. */
export function ImportCsvDialog({
  clientId,
  roleNames,
  onClose,
}: {
  /** The client the Users page shows, when it is not the importer's own: the users are made there. */
  clientId?: number | undefined;
  /** The names the role column may hold: the client's roles, when the importer may list them. */
  roleNames: readonly string[] | undefined;
  onClose: () => void;
}) {
  const inputId = useId();
  const [file, setFile] = useState<File>();
  const [jobId, setJobId] = useState<number>();
  const load = useImportUsers();
  const job = useJobStatus(jobId);
  const toast = useToast();
  const askAgain = useAskAgain();
  const announced = useRef(false);
  const finished = job.data && isFinished(job.data) ? job.data : undefined;

  useEffect(() => {
    if (!finished || announced.current) return;
    announced.current = true;
    // The job made users after its start answered (a failed one perhaps some): what they show in is asked again now.
    void askAgain(isInvalidatedByJobOf(contracts.importUsers));
    // A failed job's reason is in the dialog's report, not a notice beside it.
    if (finished.status === 'failed') return;
    toast.notify('success', 'Imported');
  }, [finished, toast, askAgain]);

  useEffect(() => {
    if (job.error) toast.notifyError(job.error);
  }, [job.error, toast]);

  // Why the file was refused, shown under it until the next try (a notice would fade after 5 s).
  const [refused, setRefused] = useState<string>();
  const start = async () => {
    if (!file) return;
    setRefused(undefined);
    // Larger, it would not reach the server at all (a Lambda function takes 6 MB): said here, before the upload.
    if (file.size > usersCsvLimits.bytes) return setRefused(csvTooLarge);
    let content: string;
    try {
      if (!file.name.toLowerCase().endsWith('.csv')) throw new Error(readFailure);
      content = await readAsBase64(file);
    } catch {
      setRefused(readFailure);
      return;
    }
    try {
      const queued = await load.trigger({ file: content, clientId });
      setJobId(queued.jobId);
    } catch (failure) {
      setRefused(errorText(failure));
    }
  };

  const running = load.isMutating || (jobId !== undefined && !finished && !job.error);

  return (
    <Modal
      open
      title="Import CSV file"
      onClose={onClose}
      footer={
        jobId === undefined ? (
          <>
            <Button variant="secondary" onClick={onClose} disabled={load.isMutating}>
              Cancel
            </Button>
            <Button onClick={() => void start()} disabled={!file} isLoading={load.isMutating}>
              Import
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        )
      }
    >
      {jobId === undefined ? (
        <div className="form">
          <p>
            One user per line, under a header row naming the columns login, email, first name, last name, display name,
            phone and role (active is optional).
          </p>
          {roleNames && roleNames.length > 0 && (
            <p>
              {clientId === undefined ? 'Roles of your client' : 'Roles of the client shown'}:{' '}
              <strong>{roleNames.join(', ')}</strong>.
            </p>
          )}
          <div>
            <Button variant="secondary" onClick={() => downloadCsv('users-template.csv', [usersCsvTemplateHeader])}>
              Download template
            </Button>
          </div>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={inputId}>
              CSV file
            </label>
            <input
              id={inputId}
              className="ui-field__input"
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => setFile(event.target.files?.[0])}
            />
          </div>
          {refused && <Alert status="error">{refused}</Alert>}
        </div>
      ) : (
        <div aria-live="polite" className="form">
          {running || !finished ? (
            <JobProgress
              progress={job.data?.progress}
              label="Rows checked"
              unit="rows checked"
              waiting="Reading the file…"
            />
          ) : (
            <JobReport job={finished} />
          )}
        </div>
      )}
    </Modal>
  );
}
