import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { clientSportsKey } from '@/lib/api/get-client-sports';
import { useContractMutation } from '@/lib/use-contract-mutation';

export interface ClientSportRef {
  id: number;
  clientId: number;
}

/** Hides a sport from the client's players; their picks and results are kept. */
export const deleteClientSport = (id: number): Promise<Message> => api.call(contracts.deleteClientSport, { id });

export function useDeleteClientSport() {
  return useContractMutation(
    contracts.deleteClientSport,
    (ref: ClientSportRef) => deleteClientSport(ref.id),
    (_answer, { clientId }) => [clientSportsKey(clientId)],
  );
}
