import useSWR from 'swr';
import { api } from '../api-client';

/** User status (spec §3): 1 Active, 2 Not active, 3 Confirmation required. */
export type UserStatus = 1 | 2 | 3;

export interface UserListRow {
  id: number;
  login: string;
  displayName: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  phoneNumber: string;
  active: UserStatus;
  role: string;
  client: string;
}

export interface UserListAnswer {
  data: UserListRow[];
  total: number;
}

export const userListKey = (limit: number) => ['/api/User/list', { limit, page: 1 }] as const;

export const getUserList = (limit: number): Promise<UserListAnswer> => api.post<UserListAnswer>('/api/User/list', { form: { limit, page: 1 } });

/** The client's first `limit` users (needs 'view users of client'). */
export function useUserList(limit: number) {
  return useSWR<UserListAnswer, Error, ReturnType<typeof userListKey>>(userListKey(limit), ([, form]) => getUserList(form.limit), { revalidateOnFocus: false });
}
