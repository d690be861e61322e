import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { tenantDomain } from '@/lib/tenant';

export const signUpRulesKey = () => keyOf(contracts.signUpRules, { domain: tenantDomain() });

/** The client's name and whether its sign-up needs an invite link (docs/rules.md, Invites). */
export const getSignUpRules = ([, input]: ReturnType<typeof signUpRulesKey>) =>
  api.call(contracts.signUpRules, input, { anonymous: true });

export function useSignUpRules() {
  return useSWR(signUpRulesKey(), getSignUpRules, { revalidateOnFocus: false });
}
