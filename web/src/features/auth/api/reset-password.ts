import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export interface ResetPasswordInput {
  /** From the mailed link (#/reset-password?token=…). */
  token: string;
  newPassword: string;
}

export const resetPassword = ({ token, newPassword }: ResetPasswordInput): Promise<Message> =>
  api.call(contracts.resetPassword, { token, newPassword }, { anonymous: true });

export function useResetPassword() {
  return useContractMutation(contracts.resetPassword, resetPassword);
}
