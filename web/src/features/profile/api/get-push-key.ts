import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

/** The server's VAPID public key, which a browser subscribes to push with (docs/rules.md, Push notifications). */
export const getPushKey = (): Promise<{ publicKey: string }> => api.call(contracts.pushKey, {});

export const pushKeyKey = keyOf(contracts.pushKey, {});

/** Read only where the browser can take pushes: it never changes, so it is read once. */
export function usePushKey(wanted: boolean) {
  return useSWR(wanted ? pushKeyKey : null, getPushKey, { revalidateOnFocus: false, revalidateIfStale: false });
}
