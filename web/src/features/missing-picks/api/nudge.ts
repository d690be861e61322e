import { contracts } from '#domain/contracts/api.ts';
import type { NudgeResult } from '#domain/contracts/bets.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export const nudge = (input: { sportId: number; weekId: number }): Promise<NudgeResult> =>
  api.call(contracts.nudge, input);

/** Mails the week's players missing picks; the list stays as it is (a mail places no pick). */
export function useNudge() {
  return useContractMutation(contracts.nudge, nudge, () => []);
}
