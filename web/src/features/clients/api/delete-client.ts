import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { isClientListKey } from './get-clients';

export const deleteClientKey = '/api/Client/delete';

/** Archives a client: it leaves the list; its users can no longer sign in. */
export const deleteClient = (id: number): Promise<Message> => api.call(contracts.deleteClient, { id });

export function useDeleteClient() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Message, Error, typeof deleteClientKey, number>(
    deleteClientKey,
    async (_key, { arg }) => {
      const answer = await deleteClient(arg);
      void mutate(isClientListKey);
      return answer;
    },
    { throwOnError: false },
  );
}
