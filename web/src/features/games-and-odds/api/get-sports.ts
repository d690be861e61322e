import useSWR from 'swr';
import type { Sport } from '#domain/catalogue/types.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';

export type { Sport };

/** The catalogue holds a handful of sports: one page of the most a list call gives covers it. */
const sportsLimit = 100;

// The Clients page's key for the same call: both read one cache entry.
export const sportsKey = ['/api/Sport/list', { page: 1, limit: sportsLimit }] as const;

export const getSports = (): Promise<Sport[]> => api.call(contracts.sportList, { page: 1, limit: sportsLimit });

/** Every sport of the catalogue; `enabled` false asks for nothing. */
export function useSports(enabled: boolean) {
  return useSWR<Sport[], Error, typeof sportsKey | null>(enabled ? sportsKey : null, getSports);
}
