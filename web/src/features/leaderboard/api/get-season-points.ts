import useSWR from 'swr';
import { api } from '../../../lib/api-client';

/** One player's season: week points by week number, and the season total. */
export interface SeasonPoints {
  userId: number;
  userDisplayName: string;
  weekPoints: Record<string, number>;
  totalSeasonBalance: number;
  rank: number;
}

export const seasonPointsKey = (sportId: number) => ['/api/Bet/season-points', { sportId }] as const;

/** Every player's week points across the season, ranked by season total. */
export const getSeasonPoints = (sportId: number): Promise<SeasonPoints[]> => api.get<SeasonPoints[]>('/api/Bet/season-points', { query: { sportId } });

export function useSeasonPoints(sportId: number | undefined) {
  return useSWR<SeasonPoints[], Error, ReturnType<typeof seasonPointsKey> | null>(
    sportId === undefined ? null : seasonPointsKey(sportId),
    ([, { sportId: id }]) => getSeasonPoints(id),
  );
}
