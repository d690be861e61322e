import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type LoginAvailability = ResponseOf<typeof contracts.checkLogin>;

export const checkLoginKey = (login: string, domain: string) => keyOf(contracts.checkLogin, { login, domain });

/** Answers when the login is free in the client the domain names; a taken login is an error with the server's text. */
export const checkLogin = ([, input]: ReturnType<typeof checkLoginKey>): Promise<LoginAvailability> =>
  api.call(contracts.checkLogin, input);

/** Checks a login in a client (null login: nothing to check). The caller waits for typing to pause first. */
export function useCheckLogin(login: string | null, domain: string | undefined) {
  return useSWR<LoginAvailability, Error, ReturnType<typeof checkLoginKey> | null>(
    login && domain ? checkLoginKey(login, domain) : null,
    checkLogin,
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
}
