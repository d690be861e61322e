import { Spinner } from '@/ui/spinner';
import type { ProcessRun } from '@/features/processes/api/get-processes';
import { runCounts } from '@/features/processes/schedule-text';

/** How a run went: queued or running (with a spinner), succeeded with what it did, or failed with why. */
export function RunOutcome({ run }: { run: ProcessRun }) {
  if (run.status === 'queued' || run.status === 'running')
    return (
      <span className="process-run">
        <Spinner size="sm" label={null} /> {run.status === 'queued' ? 'Queued' : 'Running'}
      </span>
    );
  if (run.status === 'failed')
    return <span className="process-run process-run--failed">Failed: {run.error ?? 'An error occurred!'}</span>;
  const counts = runCounts(run);
  return <span className="process-run process-run--succeeded">Succeeded{counts && `: ${counts}`}</span>;
}
