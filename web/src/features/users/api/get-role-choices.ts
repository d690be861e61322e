import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { RoleListRow } from '#domain/contracts/roles.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { RoleListRow };

// List calls answer at most 100 rows a page (docs/rules.md, Tables and selects).
const pageSize = 100;

/** A key of the Role/list contract, so refreshing the roles lists refreshes the choices too. */
export const roleChoicesKey = keyOf(contracts.roleList, { limit: pageSize }, 'all');

/** Every role the caller may see, page after page, for a role select. */
export async function getRoleChoices(): Promise<RoleListRow[]> {
  const roles: RoleListRow[] = [];
  for (let page = 1; ; page += 1) {
    const { total, data } = await api.call(contracts.roleList, { limit: pageSize, page });
    roles.push(...data);
    if (data.length < pageSize || roles.length >= total) return roles;
  }
}

/** Needs 'view roles of client'; pass false to ask for nothing. */
export function useRoleChoices(enabled: boolean) {
  return useSWR<RoleListRow[], Error, typeof roleChoicesKey | null>(enabled ? roleChoicesKey : null, getRoleChoices, {
    revalidateOnFocus: false,
  });
}
