import useSWR from 'swr';
import type { BetResult } from '#domain/betting/grading.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { LeaderboardCell, LeaderboardRow } from '#domain/contracts/results.ts';
import { type SlotName, slotNames } from '#domain/scoring/week-scores.ts';
import { api } from '@/lib/api-client';

export type { BetResult, LeaderboardCell, LeaderboardRow };

export const pickSlots = slotNames;
export type PickSlot = SlotName;

export interface BalanceQuery {
  sportId: number;
  weekId: number;
  /** The top N only, without the picks (the dashboard's block). */
  top?: number;
}

export const balanceKey = ({ sportId, weekId, top }: BalanceQuery) =>
  ['/api/Bet/balance', { sportId, weekId, top }] as const;

export const getBalance = ({ sportId, weekId, top }: BalanceQuery): Promise<LeaderboardRow[]> =>
  api.call(
    contracts.balance,
    top === undefined ? { sportId, weekId } : { sportId, weekId, limit: top, showRegularGames: false },
  );

/** A week's leaderboard; an undefined query asks for nothing. */
export function useBalance(query: BalanceQuery | undefined) {
  return useSWR<LeaderboardRow[], Error, ReturnType<typeof balanceKey> | null>(
    query ? balanceKey(query) : null,
    ([, key]) => getBalance(key),
    {
      keepPreviousData: true,
    },
  );
}
