import useSWR from 'swr';
import type { UserStatus } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import type { UserListRow } from '#domain/contracts/users.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { UserListRow };
export type UserListAnswer = ResponseOf<typeof contracts.userList>;

export const userListKey = (limit: number, active?: UserStatus) =>
  keyOf(contracts.userList, { limit, page: 1, ...(active !== undefined && { active }) });

export const getUserList = ([, input]: ReturnType<typeof userListKey>): Promise<UserListAnswer> =>
  api.call(contracts.userList, input);

/** The client's first `limit` users, of one status when asked (needs 'view users of client'). */
export function useUserList(limit: number, active?: UserStatus) {
  return useSWR<UserListAnswer, Error, ReturnType<typeof userListKey>>(userListKey(limit, active), getUserList, {
    revalidateOnFocus: false,
  });
}
