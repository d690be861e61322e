import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';

export type GamesLoad = RequestOf<typeof contracts.loadGames>;

export const loadGamesKey = '/api/Game/load-games';

/** Import Games: the games from a date (YYYY-MM-DD) to the end of the sport's current season. */
export const loadGames = (load: GamesLoad): Promise<QueuedJob> => api.call(contracts.loadGames, load);

/** Triggering throws the API error when the job cannot start. */
export function useLoadGames() {
  return useSWRMutation<QueuedJob, Error, typeof loadGamesKey, GamesLoad>(loadGamesKey, (_key, { arg }) =>
    loadGames(arg),
  );
}
