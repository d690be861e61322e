import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Archives a prize: it leaves the list. */
export const deletePrize = (id: number): Promise<Message> => api.call(contracts.deletePrize, { id });

/** Triggering takes the prize's id. */
export function useDeletePrize() {
  return useContractMutation(contracts.deletePrize, deletePrize);
}
