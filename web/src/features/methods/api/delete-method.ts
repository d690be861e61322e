import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Deletes an integration method and its secret. */
export const deleteMethod = (methodId: number): Promise<Message> => api.call(contracts.deleteMethod, { id: methodId });

/** Triggering takes the method's id; the methods list is refreshed afterwards. */
export function useDeleteMethod() {
  return useContractMutation(contracts.deleteMethod, deleteMethod);
}
