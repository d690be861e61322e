import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { isMethodListKey, type IntegrationMethod } from './get-method-list';

export type EditMethodInput = RequestOf<typeof contracts.editMethod>;

export const editMethodKey = '/api/Client/edit-method';

/** A header value left out keeps the stored secret. */
export const editMethod = (input: EditMethodInput): Promise<IntegrationMethod> => api.call(contracts.editMethod, input);

/** Changes an integration method, then refreshes the methods list. */
export function useEditMethod() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<IntegrationMethod, Error, typeof editMethodKey, EditMethodInput>(
    editMethodKey,
    (_key, { arg }) => editMethod(arg),
    { throwOnError: false, onSuccess: () => void mutate(isMethodListKey) },
  );
}
