import useSWR from 'swr';
import type { Week } from '#domain/season/weeks.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export const weekListKey = (sportId: number, seasonId?: number) => keyOf(contracts.weekList, { sportId, seasonId });

/** A sport's weeks (UTC ISO bounds) of its current season, or of the named past one. */
export const getWeekList = (sportId: number, seasonId?: number): Promise<Week[]> =>
  api.call(contracts.weekList, { sportId, seasonId });

/** Loads a sport's weeks; undefined asks for nothing. */
export function useWeekList(sportId: number | undefined, seasonId?: number) {
  return useSWR<Week[], Error, ReturnType<typeof weekListKey> | null>(
    sportId === undefined ? null : weekListKey(sportId, seasonId),
    ([, input]) => getWeekList(input.sportId, input.seasonId),
  );
}
