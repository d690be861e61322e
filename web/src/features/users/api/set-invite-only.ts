import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import { invitesKey } from './get-invites';

/** Turns invite-only sign-up on or off for the caller's client. */
export const setInviteOnly = (inviteOnly: boolean) => api.call(contracts.setInviteOnly, { inviteOnly });

export function useSetInviteOnly() {
  return useContractMutation(contracts.setInviteOnly, setInviteOnly, () => [invitesKey]);
}
