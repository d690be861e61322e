import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { IntegrationMethod } from '#domain/tenancy/client-settings.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { IntegrationMethod };

export const methodListKey = (clientId: number) => keyOf(contracts.methodList, { clientId });

export const getMethodList = (clientId: number): Promise<IntegrationMethod[]> =>
  api.call(contracts.methodList, { clientId });

/** A client's integration methods; undefined asks for nothing. */
export function useMethodList(clientId: number | undefined) {
  return useSWR<IntegrationMethod[], Error, ReturnType<typeof methodListKey> | null>(
    clientId === undefined ? null : methodListKey(clientId),
    ([, query]) => getMethodList(query.clientId),
  );
}
