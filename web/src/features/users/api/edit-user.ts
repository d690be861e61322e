import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { UserPayload } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { isUserListKey } from './get-users';

export type UserEdit = RequestOf<typeof contracts.editUser>;

export const editUserKey = '/api/User/edit';

/** Changes another user's names (and, for a client manager, role). */
export const editUser = (edit: UserEdit): Promise<UserPayload> => api.call(contracts.editUser, edit);

export function useEditUser() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<UserPayload, Error, typeof editUserKey, UserEdit>(
    editUserKey,
    async (_key, { arg }) => {
      const user = await editUser(arg);
      void mutate(isUserListKey);
      return user;
    },
    { throwOnError: false },
  );
}
