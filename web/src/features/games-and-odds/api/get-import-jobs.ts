import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ImportJob } from '#domain/contracts/imports.ts';
import { api } from '@/lib/api-client';

export type { ImportJob };

const shownJobs = 20;

export const importJobsKey = ['/api/Job/import-list', { limit: shownJobs }] as const;

export const getImportJobs = (): Promise<ImportJob[]> => api.call(contracts.importJobList, { limit: shownJobs });

/** The client's latest sports-data jobs, newest first. */
export function useImportJobs() {
  return useSWR<ImportJob[], Error, typeof importJobsKey>(importJobsKey, getImportJobs);
}
