import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { BetList, SlipRef } from './get-bets';
import type { BetInput } from './set-bets';
import { useSlipChange } from './slip-cache';

/** The week's one bonus bet; placing it on another game replaces the earlier one. */
export interface SetBonusBetInput extends SlipRef {
  bet: BetInput;
}

export const setBonusBets = ({ userId, sportId, weekId, bet }: SetBonusBetInput): Promise<BetList> =>
  api.call(contracts.setBonusBets, { userId, sportId, weekId, bets: [bet] });

export function useSetBonusBets() {
  const settle = useSlipChange();
  return useContractMutation(contracts.setBonusBets, (input: SetBonusBetInput) => settle(input, setBonusBets(input)));
}
