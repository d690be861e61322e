import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { isMethodListKey, type IntegrationMethod } from './get-method-list';

export type AddMethodInput = RequestOf<typeof contracts.addMethod>;

export const addMethodKey = '/api/Client/add-method';

export const addMethod = (input: AddMethodInput): Promise<IntegrationMethod> => api.call(contracts.addMethod, input);

/** Adds an integration method to a client, then refreshes the methods list. */
export function useAddMethod() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<IntegrationMethod, Error, typeof addMethodKey, AddMethodInput>(
    addMethodKey,
    (_key, { arg }) => addMethod(arg),
    { throwOnError: false, onSuccess: () => void mutate(isMethodListKey) },
  );
}
