import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export const setReminderHours = (hoursBefore: number): Promise<{ clientId: number; hoursBefore: number }> =>
  api.call(contracts.setReminderHours, { hoursBefore });

export function useSetReminderHours() {
  return useContractMutation(contracts.setReminderHours, setReminderHours);
}
