import { contracts } from '#domain/contracts/api.ts';
import type { SpreadRow } from '#domain/contracts/spreads.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export interface SetSpreadInput {
  affiliateId: number;
  gameId: number;
  /** The home line as the server reads it: a comma as decimal separator, e.g. '-3,5'. */
  spread: string;
  /** The manual line the edit was made from (its row's lineSetAt, '' for none): a line set since refuses it. */
  lineSetAt: string;
}

/** Sets the affiliate's manual home line of a game, for every client on that affiliate. */
export const setSpread = (input: SetSpreadInput): Promise<SpreadRow> => api.call(contracts.setSpread, input);

/** Triggering throws the API error when the line is refused. */
export function useSetSpread() {
  return useContractMutation(contracts.setSpread, setSpread, { throwOnError: true });
}
