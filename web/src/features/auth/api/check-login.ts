import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { tenantDomain } from '@/lib/tenant';

export type LoginAvailability = ResponseOf<typeof contracts.checkLogin>;

export const checkLoginKey = (login: string) => ['/api/User/check-login', login] as const;

/** Answers 200 when the login is free in this client; a taken login is an error with the server's text. */
export const checkLogin = (login: string): Promise<LoginAvailability> =>
  api.call(contracts.checkLogin, { login, domain: tenantDomain() }, { anonymous: true });

/** Checks a login (null: nothing to check). The caller waits for typing to pause before asking. */
export function useCheckLogin(login: string | null) {
  return useSWR<LoginAvailability, Error, ReturnType<typeof checkLoginKey> | null>(
    login ? checkLoginKey(login) : null,
    ([, value]) => checkLogin(value),
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
}
