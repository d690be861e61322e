import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { tenantDomain } from '@/lib/tenant';

/** The client's name and whether its sign-up needs an invite link (docs/rules.md, Invites). */
export const getSignUpRules = () => api.call(contracts.signUpRules, { domain: tenantDomain() }, { anonymous: true });

export function useSignUpRules() {
  return useSWR([contracts.signUpRules.path], getSignUpRules, { revalidateOnFocus: false });
}
