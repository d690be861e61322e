import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ClientRow } from '#domain/contracts/clients.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { ClientRow };
export type ClientPage = ResponseOf<typeof contracts.clientList>;

export const clientListKey = (page: number, limit: number) => keyOf(contracts.clientList, { page, limit });

export const getClients = (page: number, limit: number): Promise<ClientPage> =>
  api.call(contracts.clientList, { page, limit });

/** One page of the clients that are not deleted, with how many there are in all. */
export function useClients(page: number, limit: number) {
  return useSWR<ClientPage, Error, ReturnType<typeof clientListKey>>(
    clientListKey(page, limit),
    ([, paging]) => getClients(paging.page, paging.limit),
    { keepPreviousData: true },
  );
}
