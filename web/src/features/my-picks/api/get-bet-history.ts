import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { HistoryEntry } from '#domain/contracts/bets.ts';
import { api } from '@/lib/api-client';

export type { HistoryEntry };

export const betHistoryKey = (sportId: number, weekId: number) => ['/api/Bet/history', sportId, weekId] as const;

/** Who placed, changed or cancelled which pick of the player's week slip, oldest first. */
export const getBetHistory = (sportId: number, weekId: number): Promise<{ data: HistoryEntry[] }> =>
  api.call(contracts.betHistory, { sportId, weekId });

/** Loads only while asked for (the history drawer is open). */
export function useBetHistory(sportId: number, weekId: number, enabled: boolean) {
  return useSWR<{ data: HistoryEntry[] }, Error, ReturnType<typeof betHistoryKey> | null>(
    enabled ? betHistoryKey(sportId, weekId) : null,
    ([, sport, week]) => getBetHistory(sport, week),
  );
}
