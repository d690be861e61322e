import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type PermissionEntry = ResponseOf<typeof contracts.permissionList>[number];

export const permissionListKey = keyOf(contracts.permissionList, {});

export const getPermissionList = (): Promise<PermissionEntry[]> => api.call(contracts.permissionList, {});

/** The permission catalogue with its names; it does not change while the app runs. */
export function usePermissionList() {
  return useSWR<PermissionEntry[], Error, typeof permissionListKey>(permissionListKey, getPermissionList, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
  });
}
