import useSWR from 'swr';
import type { Week } from '#domain/season/weeks.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';

export const weekListKey = (sportId: number) => ['/api/Bet/week-list', sportId] as const;

/** The season's weeks of one sport (UTC ISO bounds). */
export const getWeekList = (sportId: number): Promise<Week[]> => api.call(contracts.weekList, { sportId });

/** Loads a sport's weeks; undefined asks for nothing. */
export function useWeekList(sportId: number | undefined) {
  return useSWR<Week[], Error, ReturnType<typeof weekListKey> | null>(
    sportId === undefined ? null : weekListKey(sportId),
    ([, id]) => getWeekList(id),
  );
}
