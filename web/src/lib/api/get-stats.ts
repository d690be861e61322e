import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { Stats } from '#domain/contracts/leaderboard.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { Stats };

export const statsKey = (sportId: number, weekId: number) => keyOf(contracts.stats, { sportId, weekId });

export const getStats = (sportId: number, weekId: number): Promise<Stats> =>
  api.call(contracts.stats, { sportId, weekId });

/** The server decides whose stats they are from the caller's permissions. */
export function useStats(sportId: number | undefined, weekId: number | undefined) {
  return useSWR<Stats, Error, ReturnType<typeof statsKey> | null>(
    sportId === undefined || weekId === undefined ? null : statsKey(sportId, weekId),
    ([, query]) => getStats(query.sportId, query.weekId),
  );
}
