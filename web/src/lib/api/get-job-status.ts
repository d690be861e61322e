import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { JobRecord } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { JobRecord };

export const isFinished = (job: Pick<JobRecord, 'status'>) => job.status === 'succeeded' || job.status === 'failed';

/** How often a running job is asked about. */
export const jobPollMs = 1000;

export const jobStatusKey = (jobId: number) => keyOf(contracts.jobStatus, { id: jobId });

export const getJobStatus = (jobId: number): Promise<JobRecord> => api.call(contracts.jobStatus, { id: jobId });

/** A job's status, asked again every second until it has finished; undefined asks for nothing. */
export function useJobStatus(jobId: number | undefined) {
  return useSWR<JobRecord, Error, ReturnType<typeof jobStatusKey> | null>(
    jobId === undefined ? null : jobStatusKey(jobId),
    ([, { id }]) => getJobStatus(id),
    {
      refreshInterval: (latest) => (latest && isFinished(latest) ? 0 : jobPollMs),
      revalidateOnFocus: false,
    },
  );
}
