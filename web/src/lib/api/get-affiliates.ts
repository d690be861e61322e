import useSWR from 'swr';
import type { Affiliate } from '#domain/catalogue/types.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { Affiliate };

export const affiliatesKey = (sportId: number) => keyOf(contracts.affiliateList, { sportId });

export const getAffiliates = (sportId: number): Promise<Affiliate[]> => api.call(contracts.affiliateList, { sportId });

/** A sport's affiliates (its line sources); no sport asks for nothing. */
export function useAffiliates(sportId: number | undefined) {
  return useSWR<Affiliate[], Error, ReturnType<typeof affiliatesKey> | null>(
    sportId === undefined ? null : affiliatesKey(sportId),
    ([, input]) => getAffiliates(input.sportId),
  );
}
