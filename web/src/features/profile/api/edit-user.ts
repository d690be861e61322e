import type { UserPayload } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

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

/** Saves profile fields; the server answers with the updated user payload. */
export const editUser = (input: EditUserInput): Promise<UserPayload> => api.call(contracts.editUser, input);

export function useEditUser() {
  return useContractMutation(contracts.editUser, editUser);
}
