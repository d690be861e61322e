import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';

export type { QueuedJob };

export const loadTeamsKey = '/api/Team/load-teams';

/** Load Teams: a job adding the feed's teams of the sport and updating the known ones. */
export const loadTeams = (sportId: number): Promise<QueuedJob> => api.call(contracts.loadTeams, { sportId });

/** Triggering takes the sport id and throws the API error when the job cannot start. */
export function useLoadTeams() {
  return useSWRMutation<QueuedJob, Error, typeof loadTeamsKey, number>(loadTeamsKey, (_key, { arg }) => loadTeams(arg));
}
