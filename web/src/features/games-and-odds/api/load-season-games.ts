import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';

export type SeasonLoad = RequestOf<typeof contracts.loadSeasonGames>;

export const loadSeasonGamesKey = '/api/Game/load-season-games';

/** Start New Season: the season's teams, weeks and games; it becomes the sport's current season. */
export const loadSeasonGames = (load: SeasonLoad): Promise<QueuedJob> => api.call(contracts.loadSeasonGames, load);

/** Triggering throws the API error when the job cannot start. */
export function useLoadSeasonGames() {
  return useSWRMutation<QueuedJob, Error, typeof loadSeasonGamesKey, SeasonLoad>(loadSeasonGamesKey, (_key, { arg }) =>
    loadSeasonGames(arg),
  );
}
