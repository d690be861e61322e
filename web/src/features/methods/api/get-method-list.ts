import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { IntegrationMethod } from '#domain/tenancy/client-settings.ts';
import { api } from '@/lib/api-client';

export type { IntegrationMethod };

const methodListPath = '/api/Client/method-list';

export const methodListKey = (clientId: number) => [methodListPath, { clientId }] as const;

/** Matches the methods list of every client, to refresh after a change. */
export const isMethodListKey = (key: unknown) => Array.isArray(key) && key[0] === methodListPath;

export const getMethodList = (clientId: number): Promise<IntegrationMethod[]> =>
  api.call(contracts.methodList, { clientId });

/** A client's integration methods; undefined asks for nothing. */
export function useMethodList(clientId: number | undefined) {
  return useSWR<IntegrationMethod[], Error, ReturnType<typeof methodListKey> | null>(
    clientId === undefined ? null : methodListKey(clientId),
    ([, query]) => getMethodList(query.clientId),
  );
}
