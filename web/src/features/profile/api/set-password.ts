import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { tenantDomain } from '@/lib/tenant';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

export const setPasswordKey = '/set-password';

/** The change names the client by the subdomain of the current host (docs/rules.md, Profile). */
export const setPassword = ({ oldPassword, newPassword }: PasswordChange): Promise<Message> =>
  api.call(contracts.setPassword, { oldPassword, newPassword, domain: tenantDomain() });

export function useSetPassword() {
  return useSWRMutation<Message, Error, typeof setPasswordKey, PasswordChange>(
    setPasswordKey,
    (_key, { arg }) => setPassword(arg),
    { throwOnError: false },
  );
}
