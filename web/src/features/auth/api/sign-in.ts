import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { tenantDomain } from '@/lib/tenant';
import { useContractMutation } from '@/lib/use-contract-mutation';

export interface Credentials {
  login: string;
  password: string;
}

export interface SignInInput extends Credentials {
  /** Keep the session beyond this browser session (docs/rules.md, Session). */
  remember: boolean;
}

/** A remembered sign-in's token lasts weeks, not hours. */
export const signIn = ({ login, password, remember = false }: Credentials & { remember?: boolean }) =>
  api.call(contracts.signIn, { login, password, domain: tenantDomain(), remember }, { anonymous: true });

export function useSignIn() {
  return useContractMutation(contracts.signIn, async (input: SignInInput) => {
    const { access_token } = await signIn(input);
    startSession(access_token, input.remember);
  });
}
