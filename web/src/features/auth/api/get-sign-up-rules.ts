import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { tenantDomain } from '@/lib/tenant';

export const signUpRulesKey = (inviteCode?: string) =>
  keyOf(contracts.signUpRules, { domain: tenantDomain(), ...(inviteCode ? { inviteCode } : {}) });

/**
 * The client's name, whether its sign-up needs an invite link and, with a code, whether that link works here now
 * (docs/rules.md, Invites).
 */
export const getSignUpRules = ([, input]: ReturnType<typeof signUpRulesKey>) =>
  api.call(contracts.signUpRules, input, { anonymous: true });

export function useSignUpRules(inviteCode?: string) {
  return useSWR(signUpRulesKey(inviteCode), getSignUpRules, { revalidateOnFocus: false });
}
