import useSWR from 'swr';
import { api } from '../../../lib/api-client';

export interface ClientUser {
  id: number;
  login: string;
  displayName: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  /** 1 Active, 2 Not active, 3 Confirmation required. */
  active: number;
  role: string;
}

export interface UserListPage {
  data: ClientUser[];
  total: number;
}

export const userListKey = ['/api/User/list', { limit: 100, page: 1 }] as const;

/** Spec §2: the third-party selector offers up to 100 users of the client. */
export const getUserList = (): Promise<UserListPage> => api.post<UserListPage>('/api/User/list', { form: { limit: 100, page: 1 } });

export function useUserList() {
  return useSWR<UserListPage, Error, typeof userListKey>(userListKey, getUserList, { revalidateOnFocus: false });
}
