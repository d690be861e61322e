import useSWR from 'swr';
import type { UserStatus } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf, ResponseOf } from '#domain/contracts/contract.ts';
import type { UserListRow } from '#domain/contracts/users.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { UserListRow };
export type UserPage = ResponseOf<typeof contracts.userList>;

/** The list's filters as the page holds them; empty ones are left out of the call. */
export interface UserFilters {
  search: string;
  id: number | undefined;
  orderBy: string;
  clientId: number | undefined;
  roleId: number | undefined;
  active: UserStatus | undefined;
  page: number;
  limit: number;
}

function userListForm({ search, id, orderBy, clientId, roleId, active, page, limit }: UserFilters) {
  const form: RequestOf<typeof contracts.userList> = { orderBy, page, limit };
  if (search.trim()) form.search = search.trim();
  if (id !== undefined) form.id = id;
  if (clientId !== undefined) form.clientId = clientId;
  if (roleId !== undefined) form.roleId = roleId;
  if (active !== undefined) form.active = active;
  return form;
}

export const usersKey = (filters: UserFilters) => keyOf(contracts.userList, userListForm(filters));

export const getUsers = ([, form]: ReturnType<typeof usersKey>): Promise<UserPage> =>
  api.call(contracts.userList, form);

/** One page of the users the filters select, with how many they select in all (the server searches). */
export function useUsers(filters: UserFilters) {
  return useSWR<UserPage, Error, ReturnType<typeof usersKey>>(usersKey(filters), getUsers, {
    keepPreviousData: true,
  });
}
