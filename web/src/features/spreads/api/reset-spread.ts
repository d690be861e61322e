import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/**
 * Ends a manual line as read (its id, and when it was set: a line set again since refuses it); the affiliate's line
 * is in effect again.
 */
export const resetSpread = (line: { handicapId: number; lineSetAt: string }): Promise<{ reset: number }> =>
  api.call(contracts.useAffiliateSign, [{ ...line, useAffiliateSpread: true }]);

/** Triggering takes the manual line as read and throws the API error when the reset is refused. */
export function useResetSpread() {
  return useContractMutation(contracts.useAffiliateSign, resetSpread, { throwOnError: true });
}
