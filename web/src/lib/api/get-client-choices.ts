import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ClientRow } from '#domain/contracts/clients.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { ClientRow };

// List calls answer at most 100 rows a page (docs/rules.md, Tables and selects).
const pageSize = 100;

/** A key of the Client/list contract, so refreshing the clients lists refreshes the choices too. */
export const clientChoicesKey = keyOf(contracts.clientList, { limit: pageSize }, 'all');

/** Every client that is not deleted, page after page, for a client select. */
export async function getClientChoices(): Promise<ClientRow[]> {
  const clients: ClientRow[] = [];
  for (let page = 1; ; page += 1) {
    const { total, data } = await api.call(contracts.clientList, { limit: pageSize, page });
    clients.push(...data);
    if (data.length < pageSize || clients.length >= total) return clients;
  }
}

/** Needs 'view clients'; pass false to ask for nothing. */
export function useClientChoices(enabled: boolean) {
  return useSWR<ClientRow[], Error, typeof clientChoicesKey | null>(
    enabled ? clientChoicesKey : null,
    getClientChoices,
    { revalidateOnFocus: false },
  );
}
