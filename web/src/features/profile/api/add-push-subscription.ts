import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type PushSubscriptionInput = RequestOf<typeof contracts.addPushSubscription>;

/** Keeps this device's push subscription for the signed-in player (the same endpoint again is the same device). */
export const addPushSubscription = (
  subscription: PushSubscriptionInput,
): Promise<{ subscriptions: number; replaced: number }> => api.call(contracts.addPushSubscription, subscription);

export function useAddPushSubscription() {
  return useContractMutation(contracts.addPushSubscription, addPushSubscription);
}
