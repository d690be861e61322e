import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { prizesKey } from './get-prizes';

export interface PrizeRef {
  id: number;
  clientId: number;
}

export const deletePrizeKey = '/api/Client/delete-prize';

/** Archives a prize: it leaves the list. */
export const deletePrize = (id: number): Promise<Message> => api.call(contracts.deletePrize, { id });

export function useDeletePrize() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Message, Error, typeof deletePrizeKey, PrizeRef>(
    deletePrizeKey,
    async (_key, { arg }) => {
      const answer = await deletePrize(arg.id);
      void mutate(prizesKey(arg.clientId));
      return answer;
    },
    { throwOnError: false },
  );
}
