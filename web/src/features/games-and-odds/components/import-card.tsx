import type { ReactNode } from 'react';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { JobProgress } from '@/ui/job-progress';
import { isFinished, type JobRecord } from '@/lib/api/get-job-status';
import { importKinds, importSummary, type ImportType } from '@/lib/import-kinds';
import type { ImportJobRun } from '@/lib/use-import-job';

function JobState({ type, job, sportName }: { type: ImportType; job: JobRecord | undefined; sportName: string }) {
  if (!job || !isFinished(job)) {
    const noun = importKinds[type].noun;
    return (
      <div className="job-state">
        <span>
          Importing {sportName} {noun}
          {job?.status === 'running' ? '…' : ' (queued)…'}
        </span>
        <JobProgress
          progress={job?.progress}
          label="Rows done"
          unit="rows done"
          waiting={job?.status === 'running' ? 'Reading the feed…' : 'Waiting to start…'}
        />
      </div>
    );
  }
  if (job.status === 'failed')
    return <p className="job-state job-state--failed">The last import failed: {job.error ?? 'An error occurred!'}</p>;
  return <p className="job-state job-state--done">Last import: {importSummary(job)}.</p>;
}

export interface ImportCardProps {
  type: ImportType;
  title: string;
  children: ReactNode;
  importJob: ImportJobRun;
  /** Starts the job, or opens the dialog asking what it needs. */
  onAction: () => void;
}

/** One import: what it does, its button, and how the job started last from here is doing or ended. */
export function ImportCard({ type, title, children, importJob, onAction }: ImportCardProps) {
  return (
    <Card title={title} className="import-card">
      {children}
      <div className="import-card__actions">
        <Button onClick={onAction} isLoading={importJob.running}>
          {importKinds[type].action}
        </Button>
        <div aria-live="polite" className="import-card__status">
          {importJob.startedFor !== undefined && (
            <JobState type={type} job={importJob.job} sportName={importJob.startedFor} />
          )}
        </div>
      </div>
    </Card>
  );
}
