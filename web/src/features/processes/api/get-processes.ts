import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { Process, ProcessRun, ProcessSchedule } from '#domain/contracts/processes.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { Process, ProcessRun, ProcessSchedule };

export const processesKey = keyOf(contracts.processList, {});

export const getProcesses = (): Promise<Process[]> => api.call(contracts.processList, {});

/** The system's recurring jobs with their schedules and latest runs. */
export function useProcesses() {
  return useSWR<Process[], Error, typeof processesKey>(processesKey, getProcesses);
}
