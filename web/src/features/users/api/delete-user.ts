import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/**
 * Archives a user of the client the page shows (another than one's own for a client manager): no more sign-in, gone
 * from the lists; their picks and results stay.
 */
export const deleteUser = (user: { id: number; clientId: number }): Promise<Message> =>
  api.call(contracts.deleteUser, { id: user.id, clientId: user.clientId });

export function useDeleteUser() {
  return useContractMutation(contracts.deleteUser, deleteUser);
}
