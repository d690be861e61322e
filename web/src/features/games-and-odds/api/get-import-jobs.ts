import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ImportJob } from '#domain/contracts/imports.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { isFinished, jobPollMs } from '@/lib/api/get-job-status';

export type { ImportJob };

const shownJobs = 20;

export const importJobsKey = keyOf(contracts.importJobList, { limit: shownJobs });

export const getImportJobs = (): Promise<ImportJob[]> => api.call(contracts.importJobList, { limit: shownJobs });

/** The client's latest sports-data jobs, newest first; asked again every second while one of them runs. */
export function useImportJobs() {
  return useSWR<ImportJob[], Error, typeof importJobsKey>(importJobsKey, getImportJobs, {
    refreshInterval: (latest) => (latest?.some((job) => !isFinished(job)) ? jobPollMs : 0),
  });
}
