import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  /** From the mailed link (#/reset-password?token=…). */
  token: string;
  newPassword: string;
}

export const resetPasswordKey = '/reset-password';

export const resetPassword = ({ token, newPassword }: ResetPasswordInput): Promise<Message> =>
  api.call(contracts.resetPassword, { token, newPassword }, { anonymous: true });

export function useResetPassword() {
  return useSWRMutation<Message, Error, typeof resetPasswordKey, ResetPasswordInput>(
    resetPasswordKey,
    (_key, { arg }) => resetPassword(arg),
    { throwOnError: false },
  );
}
