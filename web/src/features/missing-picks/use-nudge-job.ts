import { useEffect, useRef, useState } from 'react';
import { isFinished, useJobStatus } from '@/lib/api/get-job-status';
import { useToast } from '@/ui/toast';

/**
 * Follows a nudge's job until it has finished, then tells what it did (`noticeOf` its counts) or why it failed;
 * answers the function that starts following a job.
 */
export function useNudgeJob(noticeOf: (counts: Record<string, number>) => string) {
  const toast = useToast();
  const [jobId, setJobId] = useState<number>();
  const job = useJobStatus(jobId);
  const told = useRef<number>(undefined);

  useEffect(() => {
    const finished = job.data && isFinished(job.data) ? job.data : undefined;
    if (!finished || told.current === finished.jobId) return;
    told.current = finished.jobId;
    if (finished.status === 'failed') toast.notifyError(finished.error);
    else toast.notify('success', noticeOf(finished.counts ?? {}));
  }, [job.data, toast, noticeOf]);

  useEffect(() => {
    if (job.error) toast.notifyError(job.error);
  }, [job.error, toast]);

  return setJobId;
}
