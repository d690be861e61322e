import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Forgets this device's push subscription, by its endpoint. */
export const deletePushSubscription = (endpoint: string): Promise<{ subscriptions: number }> =>
  api.call(contracts.deletePushSubscription, { endpoint });

export function useDeletePushSubscription() {
  return useContractMutation(contracts.deletePushSubscription, deletePushSubscription);
}
