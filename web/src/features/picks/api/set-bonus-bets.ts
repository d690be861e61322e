import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { BetList, SlipRef } from './get-bets';
import type { BetInput } from './set-bets';
import { useSlipChange } from './slip-cache';

/**
 * The week's one bonus bet; placing it on another game replaces the earlier one, but not one the page did not show
 * (the slip's version it was read at, as for the regular bets).
 */
export interface SetBonusBetInput extends SlipRef {
  bet: BetInput;
  slipVersion: number;
}

export const setBonusBets = ({ userId, sportId, weekId, bet, slipVersion }: SetBonusBetInput): Promise<BetList> =>
  api.call(contracts.setBonusBets, { userId, sportId, weekId, bets: [bet], slipVersion });

export function useSetBonusBets() {
  const settle = useSlipChange();
  return useContractMutation(contracts.setBonusBets, (input: SetBonusBetInput) => settle(input, setBonusBets(input)));
}
