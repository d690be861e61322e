import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { BetList, SlipRef } from './get-bets';
import { useSlipChange } from './slip-cache';

/** A bet as sent: the picked team and the line the player saw for it. */
export interface BetInput {
  gameId: number;
  teamId: number;
  points: number;
  pointSpread: number;
}

/**
 * The week's whole list of regular bets, the existing ones plus the change, and the slip's version they were read at,
 * so a list another device or an administrator changed since is refused rather than undone (docs/rules.md, Saving bets).
 */
export interface SetBetsInput extends SlipRef {
  bets: BetInput[];
  slipVersion: number;
}

export const setBets = ({ userId, sportId, weekId, bets, slipVersion }: SetBetsInput): Promise<BetList> =>
  api.call(contracts.setBets, { userId, sportId, weekId, bets, slipVersion });

export function useSetBets() {
  const settle = useSlipChange();
  return useContractMutation(contracts.setBets, (input: SetBetsInput) => settle(input, setBets(input)));
}
