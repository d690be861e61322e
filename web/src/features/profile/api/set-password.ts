import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { renewSession } from '@/lib/session';
import { tenantDomain } from '@/lib/tenant';
import { useContractMutation } from '@/lib/use-contract-mutation';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

/**
 * The change names the client by the subdomain of the current host (docs/rules.md, Profile). It ends every
 * session of the user, this one included, so this tab carries on with the new token it answers.
 */
export async function setPassword({ oldPassword, newPassword }: PasswordChange): Promise<Message> {
  const { access_token, message } = await api.call(contracts.setPassword, {
    oldPassword,
    newPassword,
    domain: tenantDomain(),
  });
  renewSession(access_token);
  return { message };
}

export function useSetPassword() {
  return useContractMutation(contracts.setPassword, setPassword);
}
