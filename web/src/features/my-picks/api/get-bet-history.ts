import useSWR from 'swr';
import { api } from '../../../lib/api-client';

export interface HistoryEntry {
  version: number;
  /** UTC ISO instant of the change. */
  at: string;
  type: 'BetPlaced' | 'BetChanged' | 'BetCancelled';
  actorId: number;
  actorName: string;
  /** Made by someone else for the slip's owner (third-party picks). */
  onBehalf: boolean;
  gameId: number;
  teamId: number | null;
  teamName: string | null;
  points: number | null;
  line: number | null;
  isBonus: boolean;
}

export const betHistoryKey = (sportId: number, weekId: number) => ['/api/Bet/history', sportId, weekId] as const;

/** Who placed, changed or cancelled which pick of the player's week slip, oldest first. */
export const getBetHistory = (sportId: number, weekId: number): Promise<{ data: HistoryEntry[] }> =>
  api.get<{ data: HistoryEntry[] }>('/api/Bet/history', { query: { sportId, weekId } });

/** Loads only while asked for (the history drawer is open). */
export function useBetHistory(sportId: number, weekId: number, enabled: boolean) {
  return useSWR<{ data: HistoryEntry[] }, Error, ReturnType<typeof betHistoryKey> | null>(
    enabled ? betHistoryKey(sportId, weekId) : null,
    ([, sport, week]) => getBetHistory(sport, week),
  );
}
