import { useRef } from 'react';
import type { UserPayload } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api, ApiError, isTransient } from '@/lib/api-client';
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

/**
 * Signs up, then signs the new user in for this browser session, which enters the app. A sign-up that may have made
 * the account though no answer said so (unanswered, or made and then the sign-in failed), asked again, finds its login
 * taken by that account: it signs in with what was typed, and says the login is taken only if that fails.
 */
export function useRegister() {
  const perhapsMade = useRef<string | undefined>(undefined);
  return useContractMutation(contracts.register, async (input: RegistrationInput) => {
    try {
      await register(input);
    } catch (error) {
      const mayBeOwn =
        perhapsMade.current === input.login && error instanceof ApiError && error.code === 'ALREADY_TAKEN';
      if (isTransient(error)) perhapsMade.current = input.login;
      if (!mayBeOwn) throw error;
      const { access_token } = await signIn(input).catch(() => Promise.reject(error));
      return startSession(access_token, false);
    }
    perhapsMade.current = input.login;
    const { access_token } = await signIn({ login: input.login, password: input.password });
    startSession(access_token, false);
  });
}
