import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { UserListRow } from './get-users';

export type NewUser = RequestOf<typeof contracts.createUser>;

/** Creates a user of a client (active); the server mails them a set-your-password link. */
export const createUser = (user: NewUser): Promise<UserListRow> => api.call(contracts.createUser, user);

export function useCreateUser() {
  return useContractMutation(contracts.createUser, createUser);
}
