import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { PrizeRow } from '#domain/contracts/clients.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { PrizeRow };

export const prizesKey = (clientId: number) => keyOf(contracts.prizeList, { clientId });

export const getPrizes = (clientId: number): Promise<PrizeRow[]> => api.call(contracts.prizeList, { clientId });

/** A client's prizes that are not deleted. */
export function usePrizes(clientId: number) {
  return useSWR<PrizeRow[], Error, ReturnType<typeof prizesKey>>(prizesKey(clientId), ([, input]) =>
    getPrizes(input.clientId),
  );
}
