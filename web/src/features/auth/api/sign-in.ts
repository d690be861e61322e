import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { TokenResponse } from '#domain/contracts/auth.ts';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { tenantDomain } from '@/lib/tenant';

export interface Credentials {
  login: string;
  password: string;
}

export interface SignInInput extends Credentials {
  /** Keep the session beyond this browser session (docs/rules.md, Session). */
  remember: boolean;
}

export const signInKey = '/token';

export const signIn = ({ login, password }: Credentials): Promise<TokenResponse> =>
  api.call(contracts.signIn, { login, password, domain: tenantDomain() }, { anonymous: true });

export function useSignIn() {
  return useSWRMutation<void, Error, typeof signInKey, SignInInput>(
    signInKey,
    async (_key, { arg }) => {
      const { access_token } = await signIn(arg);
      startSession(access_token, arg.remember);
    },
    { throwOnError: false },
  );
}
