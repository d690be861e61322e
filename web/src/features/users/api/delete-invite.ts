import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import { invitesKey } from './get-invites';

/** Withdraws a link: it stops working at once. */
export const deleteInvite = (id: number): Promise<Message> => api.call(contracts.deleteInvite, { id });

export function useDeleteInvite() {
  return useContractMutation(contracts.deleteInvite, deleteInvite, () => [invitesKey]);
}
