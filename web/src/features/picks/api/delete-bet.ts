import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import type { BetList, SlipRef } from './get-bets';
import { useSlipChange } from './slip-cache';

export interface DeleteBetInput extends SlipRef {
  betId: string;
}

export const deleteBetKey = '/api/Bet/delete';

/** Cancel Bet: removes one bet by its id; the answer is the slip without it. */
export const deleteBet = (betId: string): Promise<BetList> => api.call(contracts.deleteBet, { id: betId });

export function useDeleteBet() {
  const settle = useSlipChange();
  return useSWRMutation<BetList, Error, typeof deleteBetKey, DeleteBetInput>(
    deleteBetKey,
    (_key, { arg }) => settle(arg, deleteBet(arg.betId)),
    {
      throwOnError: false,
    },
  );
}
