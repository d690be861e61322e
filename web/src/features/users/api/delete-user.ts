import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Archives a user: no more sign-in, gone from the lists; their picks and results stay. */
export const deleteUser = (id: number): Promise<Message> => api.call(contracts.deleteUser, { id });

export function useDeleteUser() {
  return useContractMutation(contracts.deleteUser, deleteUser);
}
