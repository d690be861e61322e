import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { MethodRow } from './get-method-list';

export type AddMethodInput = RequestOf<typeof contracts.addMethod>;

export const addMethod = (input: AddMethodInput): Promise<MethodRow> => api.call(contracts.addMethod, input);

/** Adds an integration method to a client, then refreshes the methods list. */
export function useAddMethod() {
  return useContractMutation(contracts.addMethod, addMethod);
}
