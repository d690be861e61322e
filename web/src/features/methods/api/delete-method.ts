import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { isMethodListKey } from './get-method-list';

export const deleteMethodKey = '/api/Client/delete-method';

/** Deletes an integration method and its secret. */
export const deleteMethod = (methodId: number): Promise<Message> => api.call(contracts.deleteMethod, { id: methodId });

/** Triggering takes the method's id; the methods list is refreshed afterwards. */
export function useDeleteMethod() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Message, Error, typeof deleteMethodKey, number>(
    deleteMethodKey,
    (_key, { arg }) => deleteMethod(arg),
    { throwOnError: false, onSuccess: () => void mutate(isMethodListKey) },
  );
}
