import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Hides a sport from the client's players; their picks and results are kept. */
export const deleteClientSport = (id: number): Promise<Message> => api.call(contracts.deleteClientSport, { id });

/** Triggering takes the client sport's id. */
export function useDeleteClientSport() {
  return useContractMutation(contracts.deleteClientSport, deleteClientSport);
}
