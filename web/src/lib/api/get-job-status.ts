import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { JobRecord } from '#domain/contracts/jobs.ts';
import { api, mayAnswerLater } from '@/lib/api-client';
import { backOffMs } from '@/lib/read-retry';
import { keyOf } from '@/lib/contract-keys';

export type { JobRecord };

export const isFinished = (job: Pick<JobRecord, 'status'>) => job.status === 'succeeded' || job.status === 'failed';

/** How often a running job is asked about. */
export const jobPollMs = 1000;

export const jobStatusKey = (jobId: number) => keyOf(contracts.jobStatus, { id: jobId });

export const getJobStatus = (jobId: number): Promise<JobRecord> => api.call(contracts.jobStatus, { id: jobId });

/**
 * A job's status, asked again every second until it has finished; undefined asks for nothing. A read that failed
 * but may pass is asked again on a back-off for as long as the job is followed (SWR polls no more once a read
 * failed), and only a refusal that would answer the same again is its `error`.
 */
export function useJobStatus(jobId: number | undefined) {
  const status = useSWR<JobRecord, Error, ReturnType<typeof jobStatusKey> | null>(
    jobId === undefined ? null : jobStatusKey(jobId),
    ([, { id }]) => getJobStatus(id),
    {
      refreshInterval: (latest) => (latest && isFinished(latest) ? 0 : jobPollMs),
      revalidateOnFocus: false,
      onErrorRetry: (error, _key, _config, revalidate, options) => {
        if (mayAnswerLater(error)) setTimeout(() => void revalidate(options), backOffMs(error, options.retryCount));
      },
    },
  );
  return { data: status.data, error: status.error && !mayAnswerLater(status.error) ? status.error : undefined };
}
