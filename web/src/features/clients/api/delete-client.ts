import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Archives a client: it leaves the list; its users can no longer sign in. */
export const deleteClient = (id: number): Promise<Message> => api.call(contracts.deleteClient, { id });

export function useDeleteClient() {
  return useContractMutation(contracts.deleteClient, deleteClient);
}
