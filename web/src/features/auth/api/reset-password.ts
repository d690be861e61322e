import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';

export interface ResetPasswordInput {
  /** From the mailed link (#/reset-password?token=…). */
  token: string;
  newPassword: string;
}

export const resetPasswordKey = '/reset-password';

export const resetPassword = ({ token, newPassword }: ResetPasswordInput): Promise<{ message: string }> =>
  api.post<{ message: string }>('/reset-password', { form: { token, newPassword }, anonymous: true });

export function useResetPassword() {
  return useSWRMutation<{ message: string }, Error, typeof resetPasswordKey, ResetPasswordInput>(
    resetPasswordKey,
    (_key, { arg }) => resetPassword(arg),
    { throwOnError: false },
  );
}
