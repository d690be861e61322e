import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Archives a role; the server refuses (409) while anybody holds it. */
export const deleteRole = (roleId: number): Promise<Message> => api.call(contracts.deleteRole, { id: roleId });

/** Triggering takes the role's id; the roles list is refreshed afterwards. */
export function useDeleteRole() {
  return useContractMutation(contracts.deleteRole, deleteRole);
}
