import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import type { UserListRow } from '#domain/contracts/users.ts';
import { api } from '@/lib/api-client';

export type { UserListRow };
export type UserListAnswer = ResponseOf<typeof contracts.userList>;

export const userListKey = (limit: number) => ['/api/User/list', { limit, page: 1 }] as const;

export const getUserList = (limit: number): Promise<UserListAnswer> => api.call(contracts.userList, { limit, page: 1 });

/** The client's first `limit` users (needs 'view users of client'). */
export function useUserList(limit: number) {
  return useSWR<UserListAnswer, Error, ReturnType<typeof userListKey>>(
    userListKey(limit),
    ([, form]) => getUserList(form.limit),
    { revalidateOnFocus: false },
  );
}
