import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { SeasonPoints } from '#domain/contracts/leaderboard.ts';
import { api } from '@/lib/api-client';

export type { SeasonPoints };

export const seasonPointsKey = (sportId: number) => ['/api/Bet/season-points', { sportId }] as const;

/** Every player's week points across the season, ranked by season total. */
export const getSeasonPoints = (sportId: number): Promise<SeasonPoints[]> =>
  api.call(contracts.seasonPoints, { sportId });

export function useSeasonPoints(sportId: number | undefined) {
  return useSWR<SeasonPoints[], Error, ReturnType<typeof seasonPointsKey> | null>(
    sportId === undefined ? null : seasonPointsKey(sportId),
    ([, { sportId: id }]) => getSeasonPoints(id),
  );
}
