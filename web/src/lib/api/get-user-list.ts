import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import type { UserListRow } from '#domain/contracts/users.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { UserListRow };
export type UserListAnswer = ResponseOf<typeof contracts.userList>;

export const userListKey = (limit: number) => keyOf(contracts.userList, { limit, page: 1 });

export const getUserList = ([, input]: ReturnType<typeof userListKey>): Promise<UserListAnswer> =>
  api.call(contracts.userList, input);

/** The client's first `limit` users (needs 'view users of client'). */
export function useUserList(limit: number) {
  return useSWR<UserListAnswer, Error, ReturnType<typeof userListKey>>(userListKey(limit), getUserList, {
    revalidateOnFocus: false,
  });
}
