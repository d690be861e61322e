import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { InviteRow } from '#domain/contracts/invites.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { InviteRow };

export const invitesKey = keyOf(contracts.inviteList, {});

/** The client's invite links still standing and whether sign-up needs one. */
export const getInvites = () => api.call(contracts.inviteList, {});

export function useInvites() {
  return useSWR(invitesKey, getInvites);
}
