import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import type { Sport } from '@/lib/api/get-sports';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type EditSportInput = RequestOf<typeof contracts.editSport>;

export const editSport = (input: EditSportInput): Promise<Sport> => api.call(contracts.editSport, input);

/** Sets a sport's Regular and Bonus days and its bonus game days, then refreshes the sports list. */
export function useEditSport() {
  return useContractMutation(contracts.editSport, editSport);
}
