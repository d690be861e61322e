import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { SeasonPoints } from '#domain/contracts/leaderboard.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { SeasonPoints };

export const seasonPointsKey = (sportId: number, seasonId?: number) =>
  keyOf(contracts.seasonPoints, { sportId, seasonId });

/** Every player's week points across the season (the current one, or the named past one), ranked by season total. */
export const getSeasonPoints = (sportId: number, seasonId?: number): Promise<SeasonPoints[]> =>
  api.call(contracts.seasonPoints, { sportId, seasonId });

export function useSeasonPoints(sportId: number | undefined, seasonId?: number) {
  return useSWR<SeasonPoints[], Error, ReturnType<typeof seasonPointsKey> | null>(
    sportId === undefined ? null : seasonPointsKey(sportId, seasonId),
    ([, form]) => getSeasonPoints(form.sportId, form.seasonId),
  );
}
