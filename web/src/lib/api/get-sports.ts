import useSWR from 'swr';
import type { Sport } from '#domain/catalogue/types.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { Sport };

/** The catalogue holds a handful of sports: one page of the most a list call gives covers it. */
const sportsLimit = 100;

export const sportsKey = keyOf(contracts.sportList, { page: 1, limit: sportsLimit });

export const getSports = (): Promise<Sport[]> => api.call(contracts.sportList, { page: 1, limit: sportsLimit });

/** Every sport of the catalogue, with its Regular and Bonus days; not enabled, it asks for nothing. */
export function useSports(enabled = true) {
  return useSWR<Sport[], Error, typeof sportsKey | null>(enabled ? sportsKey : null, getSports);
}
