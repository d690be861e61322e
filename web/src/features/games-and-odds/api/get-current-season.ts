import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { SeasonListRow } from '#domain/contracts/catalogue.ts';
import { api } from '@/lib/api-client';

export const currentSeasonKey = (sportId: number) => ['/api/Game/season-list', { sportId }] as const;

/** The sport's current season if the client plays the sport and it has one. */
export const getCurrentSeason = async (sportId: number): Promise<SeasonListRow | null> =>
  (await api.call(contracts.seasonList, { sportId }))[0] ?? null;

/** undefined asks for nothing. */
export function useCurrentSeason(sportId: number | undefined) {
  return useSWR<SeasonListRow | null, Error, ReturnType<typeof currentSeasonKey> | null>(
    sportId === undefined ? null : currentSeasonKey(sportId),
    ([, form]) => getCurrentSeason(form.sportId),
  );
}
