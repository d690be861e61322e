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

// The most a list call gives; a week of baseball holds about a hundred games, so it may take a second page.
const spreadListLimit = 100;

export const spreadListKey = (query: SpreadListQuery) =>
  keyOf(contracts.spreadList, { ...query, limit: spreadListLimit });

/** Every game of the week, page after page. */
export async function getSpreadList([, input]: ReturnType<typeof spreadListKey>): Promise<SpreadRow[]> {
  const rows: SpreadRow[] = [];
  for (let page = 1; ; page += 1) {
    const data = await api.call(contracts.spreadList, { ...input, page });
    rows.push(...data);
    if (data.length < spreadListLimit) return rows;
  }
}

/** A week's games with the lines in effect at the affiliate; undefined asks for nothing. */
export function useSpreadList(query: SpreadListQuery | undefined) {
  return useSWR<SpreadRow[], Error, ReturnType<typeof spreadListKey> | null>(
    query ? spreadListKey(query) : null,
    getSpreadList,
  );
}
