import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { processesKey } from './get-processes';

export const deleteScheduleKey = '/api/Process/delete';

export const deleteSchedule = (scheduleId: number): Promise<{ id: number }> =>
  api.call(contracts.deleteSchedule, { id: scheduleId });

/** Triggering takes the schedule's id; the processes list is refreshed afterwards. */
export function useDeleteSchedule() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<{ id: number }, Error, typeof deleteScheduleKey, number>(
    deleteScheduleKey,
    (_key, { arg }) => deleteSchedule(arg),
    { throwOnError: false, onSuccess: () => void mutate(processesKey) },
  );
}
