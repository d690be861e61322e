import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { Process } from './get-processes';

export type AlterProcessesInput = RequestOf<typeof contracts.alterProcesses>;
export type ScheduleInput = AlterProcessesInput[number]['processSchedule'][number];

/** Each named process gets exactly the schedules listed: one without an id is created. */
export const alterProcesses = (input: AlterProcessesInput): Promise<Process[]> =>
  api.call(contracts.alterProcesses, input);

/** Changes processes' schedules, then refreshes the processes list. */
export function useAlterProcesses() {
  return useContractMutation(contracts.alterProcesses, alterProcesses);
}
