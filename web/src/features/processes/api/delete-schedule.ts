import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export const deleteSchedule = (scheduleId: number): Promise<{ id: number }> =>
  api.call(contracts.deleteSchedule, { id: scheduleId });

/** Triggering takes the schedule's id; the processes list is refreshed afterwards. */
export function useDeleteSchedule() {
  return useContractMutation(contracts.deleteSchedule, deleteSchedule);
}
