import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { RoleActivity } from '#domain/contracts/clients.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { RoleActivity };
export type UserActivity = ResponseOf<typeof contracts.userActivity>;

export const userActivityKey = (clientId: number, sportId: number) =>
  keyOf(contracts.userActivity, { clientId, sportId });

export const getUserActivity = (clientId: number, sportId: number): Promise<UserActivity> =>
  api.call(contracts.userActivity, { clientId, sportId });

/** The client's users per role, active (picked in the sport this season) or not; no sport asks for nothing. */
export function useUserActivity(clientId: number, sportId: number | undefined) {
  return useSWR<UserActivity, Error, ReturnType<typeof userActivityKey> | null>(
    sportId === undefined ? null : userActivityKey(clientId, sportId),
    ([, input]) => getUserActivity(input.clientId, input.sportId),
  );
}
