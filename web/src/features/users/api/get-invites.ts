import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { InviteRow } from '#domain/contracts/invites.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { InviteRow };

/** The list of the client named (the caller's own when none is). */
export const invitesKey = (clientId?: number) =>
  keyOf(contracts.inviteList, clientId === undefined ? {} : { clientId });

/** The client's invite links that still work and whether sign-up needs one. */
export const getInvites = (clientId?: number) =>
  api.call(contracts.inviteList, clientId === undefined ? {} : { clientId });

export function useInvites(clientId?: number) {
  return useSWR(invitesKey(clientId), () => getInvites(clientId));
}
