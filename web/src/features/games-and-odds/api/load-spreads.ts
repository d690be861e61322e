import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';

export const loadSpreadsKey = '/api/Bet/load-spreads';

/** Import Spreads: every affiliate's line for the sport's upcoming games (placed picks keep theirs). */
export const loadSpreads = (sportId: number): Promise<QueuedJob> => api.call(contracts.loadSpreads, { sportId });

/** Triggering takes the sport id and throws the API error when the job cannot start. */
export function useLoadSpreads() {
  return useSWRMutation<QueuedJob, Error, typeof loadSpreadsKey, number>(loadSpreadsKey, (_key, { arg }) =>
    loadSpreads(arg),
  );
}
