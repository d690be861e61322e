import { contracts } from '#domain/contracts/api.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type { QueuedJob };

/** Load Teams: a job adding the feed's teams of the sport and updating the known ones. */
export const importTeams = (sportId: number): Promise<QueuedJob> => api.call(contracts.importTeams, { sportId });

/** Triggering takes the sport id and throws the API error when the job cannot start. */
export function useImportTeams() {
  return useContractMutation(contracts.importTeams, importTeams, { throwOnError: true });
}
