import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { MethodRow } from '#domain/contracts/methods.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { MethodRow };

export const methodListKey = (clientId: number) => keyOf(contracts.methodList, { clientId });

export const getMethodList = (clientId: number): Promise<MethodRow[]> => api.call(contracts.methodList, { clientId });

/** A client's integration methods; undefined asks for nothing. */
export function useMethodList(clientId: number | undefined) {
  return useSWR<MethodRow[], Error, ReturnType<typeof methodListKey> | null>(
    clientId === undefined ? null : methodListKey(clientId),
    ([, query]) => getMethodList(query.clientId),
  );
}
