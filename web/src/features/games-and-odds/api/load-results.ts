import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';

export type { QueuedJob };

export const loadResultsKey = '/api/Game/load-results';

/** Import Scores: the provider's results for the sport, then closing its finished weeks. */
export const loadResults = (sportId: number): Promise<QueuedJob> => api.call(contracts.loadResults, { sportId });

/** Triggering takes the sport id and throws the API error when the job cannot start. */
export function useLoadResults() {
  return useSWRMutation<QueuedJob, Error, typeof loadResultsKey, number>(loadResultsKey, (_key, { arg }) =>
    loadResults(arg),
  );
}
