import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { tenantDomain } from '@/lib/tenant';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Asks the server to mail a reset link; it answers the same whether or not the login exists. */
export const sendPasswordLink = (login: string): Promise<Message> =>
  api.call(contracts.sendPasswordLink, { login, domain: tenantDomain() }, { anonymous: true });

export function useSendPasswordLink() {
  return useContractMutation(contracts.sendPasswordLink, sendPasswordLink);
}
