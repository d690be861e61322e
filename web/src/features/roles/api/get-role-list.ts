import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import type { RoleListRow } from '#domain/contracts/roles.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { RoleListRow };
export type RoleListAnswer = ResponseOf<typeof contracts.roleList>;

export const roleListKey = (page: number, limit: number) => keyOf(contracts.roleList, { page, limit });

export const getRoleList = (page: number, limit: number): Promise<RoleListAnswer> =>
  api.call(contracts.roleList, { page, limit });

/** One page of the roles the caller may see (a client manager also sees other clients' and the System Roles). */
export function useRoleList(page: number, limit: number) {
  return useSWR<RoleListAnswer, Error, ReturnType<typeof roleListKey>>(
    roleListKey(page, limit),
    ([, paging]) => getRoleList(paging.page, paging.limit),
    { keepPreviousData: true },
  );
}
