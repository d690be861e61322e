import useSWRMutation from 'swr/mutation';
import type { UserPayload } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';

export interface ProfileInput {
  id: number;
  displayName: string;
  firstName: string;
  middleName: string;
  lastName: string;
  phoneNumber: string;
}

/** Any of the profile's settings: fields left out (middle name, phone, pick reminders) keep their stored value. */
export type EditUserInput = RequestOf<typeof contracts.editUser>;

export const editUserKey = '/api/User/edit';

/** Saves profile fields; the server answers with the updated user payload. */
export const editUser = (input: EditUserInput): Promise<UserPayload> => api.call(contracts.editUser, input);

export function useEditUser() {
  return useSWRMutation<UserPayload, Error, typeof editUserKey, EditUserInput>(
    editUserKey,
    (_key, { arg }) => editUser(arg),
    {
      throwOnError: false,
    },
  );
}
