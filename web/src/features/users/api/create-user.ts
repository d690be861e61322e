import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { isUserListKey, type UserListRow } from './get-users';

export type NewUser = RequestOf<typeof contracts.createUser>;

export const createUserKey = '/api/User/create';

/** Creates a user of a client (active); the server mails them a set-your-password link. */
export const createUser = (user: NewUser): Promise<UserListRow> => api.call(contracts.createUser, user);

export function useCreateUser() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<UserListRow, Error, typeof createUserKey, NewUser>(
    createUserKey,
    async (_key, { arg }) => {
      const user = await createUser(arg);
      void mutate(isUserListKey);
      return user;
    },
    { throwOnError: false },
  );
}
