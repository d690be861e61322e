import { contracts } from '#domain/contracts/api.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type { QueuedJob };

/** Load Teams: a job adding the feed's teams of the sport and updating the known ones. */
export const loadTeams = (sportId: number): Promise<QueuedJob> => api.call(contracts.loadTeams, { sportId });

/** Triggering takes the sport id and throws the API error when the job cannot start. */
export function useLoadTeams() {
  return useContractMutation(contracts.loadTeams, loadTeams, { throwOnError: true });
}
