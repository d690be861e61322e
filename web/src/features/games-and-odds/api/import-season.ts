import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type SeasonImport = RequestOf<typeof contracts.importSeason>;

/** Start New Season: the season's teams, weeks and games; it becomes the sport's current season. */
export const importSeason = (load: SeasonImport): Promise<QueuedJob> => api.call(contracts.importSeason, load);

/** Triggering throws the API error when the job cannot start. */
export function useImportSeason() {
  return useContractMutation(contracts.importSeason, importSeason, { throwOnError: true });
}
