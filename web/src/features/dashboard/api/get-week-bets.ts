import useSWR from 'swr';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import type { BetResult } from '#domain/betting/grading.ts';
import { contracts } from '#domain/contracts/api.ts';
import { weekGamesMax } from '#domain/season/weeks.ts';
import type { BetList } from '#domain/contracts/bets.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { useMemo } from 'react';
import { hasLiveGame, useLiveView, withLiveClocks } from '@/lib/live';
import { useBetListTurns } from '@/lib/use-read-again-at';

export type { BetResult, BetRow };

/** The week's games with the caller's bets, and what the week allows now (open, bonus day, when bonus picks open). */
export type WeekBetsAnswer = BetList;

export const weekBetsKey = (sportId: number, weekId: number) =>
  keyOf(contracts.betList, { sportId, weekId, limit: weekGamesMax });

/** Every game of the caller's week, with the caller's bet on it if any. */
export const getWeekBets = (sportId: number, weekId: number): Promise<WeekBetsAnswer> =>
  api.call(contracts.betList, { sportId, weekId, limit: weekGamesMax });

export function useWeekBets(sportId: number | undefined, weekId: number | undefined) {
  const bets = useSWR<WeekBetsAnswer, Error, ReturnType<typeof weekBetsKey> | null>(
    sportId === undefined || weekId === undefined ? null : weekBetsKey(sportId, weekId),
    ([, query]) => getWeekBets(query.sportId, query.weekId),
  );
  const live = useLiveView(weekId, bets.data, (data) => hasLiveGame(data.data), bets.mutate);
  useBetListTurns(bets.data, bets.mutate);
  const data = useMemo(() => withLiveClocks(bets.data, live.clocks), [bets.data, live.clocks]);
  return { ...bets, data, updatedAt: live.updatedAt };
}
