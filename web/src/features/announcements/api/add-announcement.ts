import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf, ResponseOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type NewAnnouncement = RequestOf<typeof contracts.addAnnouncement>;

export const addAnnouncement = (input: NewAnnouncement): Promise<ResponseOf<typeof contracts.addAnnouncement>> =>
  api.call(contracts.addAnnouncement, input);

export function useAddAnnouncement() {
  return useContractMutation(contracts.addAnnouncement, addAnnouncement);
}
