import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { RoleListRow } from './get-role-list';

export type CreateRoleInput = RequestOf<typeof contracts.createRole>;

export const createRole = (input: CreateRoleInput): Promise<RoleListRow> => api.call(contracts.createRole, input);

/** Creates a role, then refreshes the roles list. */
export function useCreateRole() {
  return useContractMutation(contracts.createRole, createRole);
}
