import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { RoleListRow } from './get-role-list';

export type EditRoleInput = RequestOf<typeof contracts.editRole>;

export const editRole = (input: EditRoleInput): Promise<RoleListRow> => api.call(contracts.editRole, input);

/** Renames a user-created role or changes its permissions, then refreshes the roles list. */
export function useEditRole() {
  return useContractMutation(contracts.editRole, editRole);
}
