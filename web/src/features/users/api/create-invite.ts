import { contracts } from '#domain/contracts/api.ts';
import type { CreatedInvite } from '#domain/contracts/invites.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/**
 * Makes a link for `expiresInDays` days and, if set, `maxUses` sign-ups, at the client named (the caller's own when
 * none is); its address is answered this once.
 */
export const createInvite = (input: {
  expiresInDays: number;
  maxUses?: number;
  clientId?: number;
}): Promise<CreatedInvite> => api.call(contracts.createInvite, input);

export function useCreateInvite() {
  return useContractMutation(contracts.createInvite, createInvite);
}
