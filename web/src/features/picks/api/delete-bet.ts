import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { BetList, SlipRef } from './get-bets';
import { useSlipChange } from './slip-cache';

export interface DeleteBetInput extends SlipRef {
  betId: string;
}

/** Cancel Bet: removes one bet by its id; the answer is the slip without it. */
export const deleteBet = (betId: string): Promise<BetList> => api.call(contracts.deleteBet, { id: betId });

export function useDeleteBet() {
  const settle = useSlipChange();
  return useContractMutation(contracts.deleteBet, (input: DeleteBetInput) => settle(input, deleteBet(input.betId)));
}
