import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { isRoleListKey, type RoleListRow } from './get-role-list';

export type CreateRoleInput = RequestOf<typeof contracts.createRole>;

export const createRoleKey = '/api/Role/create';

export const createRole = (input: CreateRoleInput): Promise<RoleListRow> => api.call(contracts.createRole, input);

/** Creates a role, then refreshes the roles list. */
export function useCreateRole() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<RoleListRow, Error, typeof createRoleKey, CreateRoleInput>(
    createRoleKey,
    (_key, { arg }) => createRole(arg),
    { throwOnError: false, onSuccess: () => void mutate(isRoleListKey) },
  );
}
