import useSWR from 'swr';
import type { BetResult } from '../../../../../domain/betting/grading';
import { type SlotName, slotNames } from '../../../../../domain/scoring/week-scores';
import { api } from '../../../lib/api-client';

export type { BetResult };

/** One pick of a leaderboard row; `hidden` is another player's pick on a game not started yet. */
export interface LeaderboardCell {
  TeamLogo: string | null;
  WeekDay: string | null;
  Spread: number | null;
  BetResult: BetResult | null;
  TeamName: string | null;
  Points: number | null;
  hidden: boolean;
}

export const pickSlots = slotNames;
export type PickSlot = SlotName;

/** A leaderboard row (spec §3), ranked by week points with ties sharing a rank. */
export type LeaderboardRow = {
  userId: number;
  userDisplayName: string;
  firstName: string;
  lastName: string;
  regularWonBetsSum: number;
  bonusWonBetsSum: number;
  /** −50 for a missed week, else 0. */
  penalty: number;
  weekPoints: number;
  /** Year to date through the week. */
  totalSeasonBalance: number;
  rank: number;
} & Record<PickSlot, LeaderboardCell>;

export interface BalanceQuery {
  sportId: number;
  weekId: number;
  /** The top N only, without the picks (the dashboard's block). */
  top?: number;
}

export const balanceKey = ({ sportId, weekId, top }: BalanceQuery) => ['/api/Bet/balance', { sportId, weekId, top }] as const;

export const getBalance = ({ sportId, weekId, top }: BalanceQuery): Promise<LeaderboardRow[]> =>
  api.get<LeaderboardRow[]>('/api/Bet/balance', {
    query: top === undefined ? { sportId, weekId } : { sportId, weekId, limit: top, showRegularGames: false },
  });

/** A week's leaderboard; an undefined query asks for nothing. */
export function useBalance(query: BalanceQuery | undefined) {
  return useSWR<LeaderboardRow[], Error, ReturnType<typeof balanceKey> | null>(query ? balanceKey(query) : null, ([, key]) => getBalance(key), {
    keepPreviousData: true,
  });
}
