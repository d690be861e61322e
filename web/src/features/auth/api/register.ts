import type { UserPayload } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { tenantDomain } from '@/lib/tenant';
import { useContractMutation } from '@/lib/use-contract-mutation';
import { signIn } from './sign-in';

export interface RegistrationInput {
  login: string;
  emailAddress: string;
  password: string;
  repeatPassword: string;
  displayName: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  /** The code of the invite link the page was opened with. */
  inviteCode?: string;
}

export const register = (input: RegistrationInput): Promise<UserPayload> =>
  api.call(contracts.register, { ...input, domain: tenantDomain() }, { anonymous: true });

/** Signs up, then signs the new user in for this browser session, which enters the app. */
export function useRegister() {
  return useContractMutation(contracts.register, async (input: RegistrationInput) => {
    await register(input);
    const { access_token } = await signIn({ login: input.login, password: input.password });
    startSession(access_token, false);
  });
}
