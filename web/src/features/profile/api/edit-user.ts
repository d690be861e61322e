import useSWRMutation from 'swr/mutation';
import type { UserPayload } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';

export interface ProfileInput {
  id: number;
  displayName: string;
  firstName: string;
  middleName: string;
  lastName: string;
  phoneNumber: string;
}

export const editUserKey = '/api/User/edit';

/** Saves profile fields; the server answers with the updated user payload. */
export const editUser = (input: ProfileInput): Promise<UserPayload> => api.call(contracts.editUser, input);

export function useEditUser() {
  return useSWRMutation<UserPayload, Error, typeof editUserKey, ProfileInput>(
    editUserKey,
    (_key, { arg }) => editUser(arg),
    {
      throwOnError: false,
    },
  );
}
