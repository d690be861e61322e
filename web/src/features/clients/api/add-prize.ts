import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { PrizeRow } from '#domain/contracts/clients.ts';
import { api } from '@/lib/api-client';
import { prizesKey } from './get-prizes';

export interface PrizeFields {
  name: string;
  cost: number;
}

export interface NewPrize extends PrizeFields {
  clientId: number;
}

export const addPrizeKey = '/api/Client/add-prize';

export const addPrize = (prize: NewPrize): Promise<PrizeRow> => api.call(contracts.addPrize, prize);

export function useAddPrize() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<PrizeRow, Error, typeof addPrizeKey, NewPrize>(
    addPrizeKey,
    async (_key, { arg }) => {
      const added = await addPrize(arg);
      void mutate(prizesKey(arg.clientId));
      return added;
    },
    { throwOnError: false },
  );
}
