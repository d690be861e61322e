import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { tenantDomain } from '@/lib/tenant';

export type LoginAvailability = ResponseOf<typeof contracts.checkLogin>;

export const checkLoginKey = (login: string) => keyOf(contracts.checkLogin, { login, domain: tenantDomain() });

/** Answers 200 when the login is free in this client; a taken login is an error with the server's text. */
export const checkLogin = ([, input]: ReturnType<typeof checkLoginKey>): Promise<LoginAvailability> =>
  api.call(contracts.checkLogin, input, { anonymous: true });

/** Checks a login (null: nothing to check). The caller waits for typing to pause before asking. */
export function useCheckLogin(login: string | null) {
  return useSWR<LoginAvailability, Error, ReturnType<typeof checkLoginKey> | null>(
    login ? checkLoginKey(login) : null,
    checkLogin,
    // Asked again once the connection is back: a check the network cut off says nothing about the login.
    { revalidateOnFocus: false, revalidateOnReconnect: true, shouldRetryOnError: false },
  );
}
