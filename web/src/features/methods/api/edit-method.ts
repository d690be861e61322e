import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { MethodRow } from './get-method-list';

export type EditMethodInput = RequestOf<typeof contracts.editMethod>;

/** A header value left out keeps the stored secret. */
export const editMethod = (input: EditMethodInput): Promise<MethodRow> => api.call(contracts.editMethod, input);

/** Changes an integration method, then refreshes the methods list. */
export function useEditMethod() {
  return useContractMutation(contracts.editMethod, editMethod);
}
