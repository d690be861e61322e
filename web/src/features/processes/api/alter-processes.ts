import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { Process } from './get-processes';

export type AlterProcessesInput = RequestOf<typeof contracts.alterProcesses>;
export type ScheduleInput = AlterProcessesInput[number]['processSchedule'][number];

/** Changes the schedules listed (by id) and creates those without one; a process's schedules left out stay. */
export const alterProcesses = (input: AlterProcessesInput): Promise<Process[]> =>
  api.call(contracts.alterProcesses, input);

/** Changes processes' schedules, then refreshes the processes list. */
export function useAlterProcesses() {
  return useContractMutation(contracts.alterProcesses, alterProcesses);
}
