import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import type { Team } from '@/lib/api/get-team-list';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type RestoreFeedValueInput = RequestOf<typeof contracts.useFeedValue>;

/** 'Use the feed's value': the field is no longer hand-set and takes the value the feed last gave. */
export const restoreFeedValue = (input: RestoreFeedValueInput): Promise<Team> =>
  api.call(contracts.useFeedValue, input);

/** Gives a hand-set field the feed's value, then refreshes the sport's teams. */
export function useRestoreFeedValue() {
  return useContractMutation(contracts.useFeedValue, restoreFeedValue);
}
