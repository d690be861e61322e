import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';

export type LoginAvailability = ResponseOf<typeof contracts.checkLogin>;

export const checkLoginKey = (login: string, domain: string) => ['/api/User/check-login', login, domain] as const;

/** Answers when the login is free in the client the domain names; a taken login is an error with the server's text. */
export const checkLogin = (login: string, domain: string): Promise<LoginAvailability> =>
  api.call(contracts.checkLogin, { login, domain });

/** Checks a login in a client (null login: nothing to check). The caller waits for typing to pause first. */
export function useCheckLogin(login: string | null, domain: string | undefined) {
  return useSWR<LoginAvailability, Error, ReturnType<typeof checkLoginKey> | null>(
    login && domain ? checkLoginKey(login, domain) : null,
    ([, value, clientDomain]) => checkLogin(value, clientDomain),
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
}
