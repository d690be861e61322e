import useSWR from 'swr';
import type { SeasonStats } from '../../../../../domain/scoring/stats';
import { api } from '../../../lib/api-client';

/** The stats card (spec §2): the whole client's ('Overall Stats') or the caller's ('My Stats') season through a week. */
export type Stats = SeasonStats & { title: 'Overall Stats' | 'My Stats' };

export const statsKey = (sportId: number, weekId: number) => ['/api/Bet/stats', { sportId, weekId }] as const;

export const getStats = (sportId: number, weekId: number): Promise<Stats> => api.get<Stats>('/api/Bet/stats', { query: { sportId, weekId } });

/** The server decides whose stats they are from the caller's permissions. */
export function useStats(sportId: number | undefined, weekId: number | undefined) {
  return useSWR<Stats, Error, ReturnType<typeof statsKey> | null>(
    sportId === undefined || weekId === undefined ? null : statsKey(sportId, weekId),
    ([, query]) => getStats(query.sportId, query.weekId),
  );
}
