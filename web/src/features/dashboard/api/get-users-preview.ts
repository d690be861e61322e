import useSWR from 'swr';
import { api } from '../../../lib/api-client';

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

/** Spec §9: the home page previews 6 users. */
const usersPreviewSize = 6;

export const usersPreviewKey = ['/api/User/list', { limit: usersPreviewSize, page: 1 }] as const;

export const getUsersPreview = (): Promise<UserListAnswer> =>
  api.post<UserListAnswer>('/api/User/list', { form: { limit: usersPreviewSize, page: 1 } });

/** The client's first users (needs 'view users of client'). */
export function useUsersPreview() {
  return useSWR<UserListAnswer, Error, typeof usersPreviewKey>(usersPreviewKey, getUsersPreview);
}
