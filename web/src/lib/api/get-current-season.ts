import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { SeasonListRow } from '#domain/contracts/catalogue.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { SeasonListRow };

export const currentSeasonKey = (sportId: number, clientId?: number) =>
  keyOf(contracts.seasonList, { sportId, clientId });

/**
 * The sport's current season if the client plays the sport and it has one; the last-day bonus fields are the
 * client's: the caller's own unless one who may act on all clients names another.
 */
export const getCurrentSeason = async (sportId: number, clientId?: number): Promise<SeasonListRow | null> =>
  (await api.call(contracts.seasonList, { sportId, clientId }))[0] ?? null;

/** undefined asks for nothing. */
export function useCurrentSeason(sportId: number | undefined, clientId?: number) {
  return useSWR<SeasonListRow | null, Error, ReturnType<typeof currentSeasonKey> | null>(
    sportId === undefined ? null : currentSeasonKey(sportId, clientId),
    ([, form]) => getCurrentSeason(form.sportId, form.clientId),
  );
}

export const sportSeasonsKey = (sportId: number) => keyOf(contracts.seasonList, { sportId, history: true });

/** Every season of the sport, newest first; `current` marks the one being played. */
export const getSportSeasons = (sportId: number): Promise<SeasonListRow[]> =>
  api.call(contracts.seasonList, { sportId, history: true });

/** undefined asks for nothing. */
export function useSportSeasons(sportId: number | undefined) {
  return useSWR<SeasonListRow[], Error, ReturnType<typeof sportSeasonsKey> | null>(
    sportId === undefined ? null : sportSeasonsKey(sportId),
    ([, form]) => getSportSeasons(form.sportId),
  );
}
