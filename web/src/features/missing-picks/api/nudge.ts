import { contracts } from '#domain/contracts/api.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Queues the job that mails the week's players missing picks. */
export const nudge = (input: { sportId: number; weekId: number }): Promise<QueuedJob> =>
  api.call(contracts.nudge, input);

/** The nudge; the list stays as it is (a mail places no pick). */
export function useNudge() {
  return useContractMutation(contracts.nudge, nudge);
}
