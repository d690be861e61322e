import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import { prizesKey } from '@/lib/api/get-prizes';

export interface PrizeRef {
  id: number;
  clientId: number;
}

/** Archives a prize: it leaves the list. */
export const deletePrize = (id: number): Promise<Message> => api.call(contracts.deletePrize, { id });

export function useDeletePrize() {
  return useContractMutation(
    contracts.deletePrize,
    (ref: PrizeRef) => deletePrize(ref.id),
    (_answer, { clientId }) => [prizesKey(clientId)],
  );
}
