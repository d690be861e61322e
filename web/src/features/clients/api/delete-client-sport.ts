import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { clientSportsKey } from '@/lib/api/get-client-sports';

export interface ClientSportRef {
  id: number;
  clientId: number;
}

export const deleteClientSportKey = '/api/Client/delete-sport';

/** Hides a sport from the client's players; their picks and results are kept. */
export const deleteClientSport = (id: number): Promise<Message> => api.call(contracts.deleteClientSport, { id });

export function useDeleteClientSport() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Message, Error, typeof deleteClientSportKey, ClientSportRef>(
    deleteClientSportKey,
    async (_key, { arg }) => {
      const answer = await deleteClientSport(arg.id);
      void mutate(clientSportsKey(arg.clientId));
      return answer;
    },
    { throwOnError: false },
  );
}
