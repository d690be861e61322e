import { contracts } from '#domain/contracts/api.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Import Spreads: every affiliate's line for the sport's upcoming games (placed picks keep theirs). */
export const importSpreads = (sportId: number): Promise<QueuedJob> => api.call(contracts.importSpreads, { sportId });

/** Triggering takes the sport id and throws the API error when the job cannot start. */
export function useImportSpreads() {
  return useContractMutation(contracts.importSpreads, importSpreads, { throwOnError: true });
}
