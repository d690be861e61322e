import type { UserPayload } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type UserEdit = RequestOf<typeof contracts.editUser>;

/** Changes another user's names (and, for a client manager, role). */
export const editUser = (edit: UserEdit): Promise<UserPayload> => api.call(contracts.editUser, edit);

export function useEditUser() {
  return useContractMutation(contracts.editUser, editUser);
}
