import { contracts } from '#domain/contracts/api.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type { QueuedJob };

/** Import Scores: the provider's results for the sport, then closing its finished weeks. */
export const importScores = (sportId: number): Promise<QueuedJob> => api.call(contracts.importScores, { sportId });

/** Triggering takes the sport id and throws the API error when the job cannot start. */
export function useImportScores() {
  return useContractMutation(contracts.importScores, importScores, { throwOnError: true });
}
