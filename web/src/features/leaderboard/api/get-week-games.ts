import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import { weekGamesMax } from '#domain/season/weeks.ts';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

type Query = { sportId: number; weekId: number };

export const weekGamesKey = (query: Query) => keyOf(contracts.gameList, { ...query, limit: weekGamesMax });

export const getWeekGames = ([, input]: ReturnType<typeof weekGamesKey>): Promise<BetRow[]> =>
  api.call(contracts.gameList, input);

/** The week's games as the client sees them, with how its players picked each started one. */
export function useWeekGames(query: Query | undefined) {
  return useSWR<BetRow[], Error, ReturnType<typeof weekGamesKey> | null>(
    query ? weekGamesKey(query) : null,
    getWeekGames,
  );
}
