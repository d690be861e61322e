import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { Process, ProcessRun, ProcessSchedule } from '#domain/contracts/processes.ts';
import { api } from '@/lib/api-client';

export type { Process, ProcessRun, ProcessSchedule };

export const processesKey = '/api/Process/list';

export const getProcesses = (): Promise<Process[]> => api.call(contracts.processList, {});

/** The system's recurring jobs with their schedules and latest runs. */
export function useProcesses() {
  return useSWR<Process[], Error, typeof processesKey>(processesKey, getProcesses);
}
