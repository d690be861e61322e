import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type GamesImport = RequestOf<typeof contracts.importGames>;

/** Import Games: the games from a date (YYYY-MM-DD) to the end of the sport's current season. */
export const importGames = (load: GamesImport): Promise<QueuedJob> => api.call(contracts.importGames, load);

/** Triggering throws the API error when the job cannot start. */
export function useImportGames() {
  return useContractMutation(contracts.importGames, importGames, { throwOnError: true });
}
