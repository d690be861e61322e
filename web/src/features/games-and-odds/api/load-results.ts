import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';

/** An admin load runs as an async job: the call answers at once with the job's id. */
export interface QueuedJob {
  jobId: number;
  status: 'queued';
}

export const loadResultsKey = '/api/Game/load-results';

/** Import Scores: the provider's results for the sport, then closing its finished weeks. */
export const loadResults = (sportId: number): Promise<QueuedJob> => api.post<QueuedJob>('/api/Game/load-results', { form: { sportId } });

/** Triggering takes the sport id and throws the API error when the job cannot start. */
export function useLoadResults() {
  return useSWRMutation<QueuedJob, Error, typeof loadResultsKey, number>(loadResultsKey, (_key, { arg }) => loadResults(arg));
}
