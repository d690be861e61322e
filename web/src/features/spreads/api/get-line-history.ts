import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { LineChange } from '#domain/contracts/spreads.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { LineChange };

export const lineHistoryKey = (gameId: number) => keyOf(contracts.lineHistory, { gameId });

export const getLineHistory = (gameId: number): Promise<LineChange[]> => api.call(contracts.lineHistory, { gameId });

/** Every line the game had, oldest first, with who set it and when. */
export function useLineHistory(gameId: number) {
  return useSWR<LineChange[], Error, ReturnType<typeof lineHistoryKey>>(lineHistoryKey(gameId), ([, input]) =>
    getLineHistory(input.gameId),
  );
}
