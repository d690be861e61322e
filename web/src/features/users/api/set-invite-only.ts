import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** Turns invite-only sign-up on or off for the client named (the caller's own when none is). */
export const setInviteOnly = ({ inviteOnly, clientId }: { inviteOnly: boolean; clientId?: number }) =>
  api.call(contracts.setInviteOnly, clientId === undefined ? { inviteOnly } : { inviteOnly, clientId });

export function useSetInviteOnly() {
  return useContractMutation(contracts.setInviteOnly, setInviteOnly);
}
