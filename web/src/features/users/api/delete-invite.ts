import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Withdraws a link of the client it belongs to (the caller's own when none is named): it stops working at once. */
export const deleteInvite = ({ id, clientId }: { id: number; clientId?: number }): Promise<Message> =>
  api.call(contracts.deleteInvite, clientId === undefined ? { id } : { id, clientId });

export function useDeleteInvite() {
  return useContractMutation(contracts.deleteInvite, deleteInvite);
}
