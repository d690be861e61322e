import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { SpreadRow } from '#domain/contracts/spreads.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { SpreadRow };

export interface SpreadListQuery {
  affiliateId: number;
  sportId: number;
  weekId: number;
}

// A week holds at most a few dozen games: one page of the most a list call gives covers it.
const spreadListLimit = 100;

export const spreadListKey = (query: SpreadListQuery) =>
  keyOf(contracts.spreadList, { ...query, limit: spreadListLimit });

export const getSpreadList = ([, input]: ReturnType<typeof spreadListKey>): Promise<SpreadRow[]> =>
  api.call(contracts.spreadList, input);

/** A week's games with the lines in effect at the affiliate; undefined asks for nothing. */
export function useSpreadList(query: SpreadListQuery | undefined) {
  return useSWR<SpreadRow[], Error, ReturnType<typeof spreadListKey> | null>(
    query ? spreadListKey(query) : null,
    getSpreadList,
  );
}
