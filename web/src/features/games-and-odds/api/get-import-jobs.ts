import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ImportJob } from '#domain/contracts/imports.ts';
import { api } from '@/lib/api-client';
import { isFinished, jobPollMs } from '@/lib/api/get-job-status';

export type { ImportJob };

const shownJobs = 20;

export const importJobsKey = ['/api/Job/import-list', { limit: shownJobs }] as const;

export const getImportJobs = (): Promise<ImportJob[]> => api.call(contracts.importJobList, { limit: shownJobs });

/** The client's latest sports-data jobs, newest first; asked again every second while one of them runs. */
export function useImportJobs() {
  return useSWR<ImportJob[], Error, typeof importJobsKey>(importJobsKey, getImportJobs, {
    refreshInterval: (latest) => (latest?.some((job) => !isFinished(job)) ? jobPollMs : 0),
  });
}
