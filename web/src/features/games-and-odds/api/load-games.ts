import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type GamesLoad = RequestOf<typeof contracts.loadGames>;

/** Import Games: the games from a date (YYYY-MM-DD) to the end of the sport's current season. */
export const loadGames = (load: GamesLoad): Promise<QueuedJob> => api.call(contracts.loadGames, load);

/** Triggering throws the API error when the job cannot start. */
export function useLoadGames() {
  return useContractMutation(contracts.loadGames, loadGames, { throwOnError: true });
}
