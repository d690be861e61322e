import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';

/** Ends a manual line: the affiliate's line is in effect again. */
export const resetSpread = (handicapId: number): Promise<{ reset: number }> =>
  api.call(contracts.useAffiliateSign, [{ handicapId, useAffiliateSpread: true }]);
