import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { HistoryEntry } from '#domain/contracts/bets.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { HistoryEntry };

export const betHistoryKey = (sportId: number, weekId: number) => keyOf(contracts.betHistory, { sportId, weekId });

/** Who placed, changed or cancelled which pick of the player's week slip, oldest first. */
export const getBetHistory = (sportId: number, weekId: number): Promise<{ data: HistoryEntry[] }> =>
  api.call(contracts.betHistory, { sportId, weekId });

/** Loads only while asked for (the history drawer is open). */
export function useBetHistory(sportId: number, weekId: number, enabled: boolean) {
  return useSWR<{ data: HistoryEntry[] }, Error, ReturnType<typeof betHistoryKey> | null>(
    enabled ? betHistoryKey(sportId, weekId) : null,
    ([, input]) => getBetHistory(input.sportId, input.weekId),
  );
}
