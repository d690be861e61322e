import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { SpreadRow } from '#domain/contracts/spreads.ts';
import { api } from '@/lib/api-client';

export type { SpreadRow };

export interface SpreadListQuery {
  affiliateId: number;
  sportId: number;
  weekId: number;
}

// A week holds at most a few dozen games: one page of the most a list call gives covers it.
const spreadListLimit = 100;

export const spreadListPath = '/api/Game/spread-list';

export const spreadListKey = (query: SpreadListQuery) => [spreadListPath, query] as const;

export const getSpreadList = (query: SpreadListQuery): Promise<SpreadRow[]> =>
  api.call(contracts.spreadList, { ...query, limit: spreadListLimit });

/** A week's games with the lines in effect at the affiliate; undefined asks for nothing. */
export function useSpreadList(query: SpreadListQuery | undefined) {
  return useSWR<SpreadRow[], Error, ReturnType<typeof spreadListKey> | null>(
    query ? spreadListKey(query) : null,
    ([, form]) => getSpreadList(form),
  );
}
