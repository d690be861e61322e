import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Ends a manual line: the affiliate's line is in effect again. */
export const resetSpread = (handicapId: number): Promise<{ reset: number }> =>
  api.call(contracts.useAffiliateSign, [{ handicapId, useAffiliateSpread: true }]);

/** Triggering takes the manual line's id and throws the API error when the reset is refused. */
export function useResetSpread() {
  return useContractMutation(contracts.useAffiliateSign, resetSpread, { throwOnError: true });
}
