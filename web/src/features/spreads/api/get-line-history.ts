import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { LineChange } from '#domain/contracts/spreads.ts';
import { api } from '@/lib/api-client';

export type { LineChange };

export const lineHistoryPath = '/api/Game/line-history';

export const lineHistoryKey = (gameId: number, clientId: number | undefined) =>
  [lineHistoryPath, { gameId, clientId }] as const;

export const getLineHistory = (gameId: number, clientId: number | undefined): Promise<LineChange[]> =>
  api.call(contracts.lineHistory, { gameId, clientId });

/** Every line the game had, oldest first, with who set it and when. */
export function useLineHistory(gameId: number, clientId: number | undefined) {
  return useSWR<LineChange[], Error, ReturnType<typeof lineHistoryKey>>(lineHistoryKey(gameId, clientId), ([, query]) =>
    getLineHistory(query.gameId, query.clientId),
  );
}
