import { useRef } from 'react';
import type { UserPayload } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api, ApiError } from '@/lib/api-client';
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

/** A failure that says nothing of what was done: unanswered, or a server fault (5xx), perhaps after its write. */
const mayHaveMade = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * What a sign-up asked again meets when the one before made the account: its login taken, or the invite link's last
 * use spent on it.
 */
const mayMeetOwnAccount = (error: unknown) =>
  error instanceof ApiError && (error.code === 'ALREADY_TAKEN' || error.code === 'INVITE_NOT_VALID');

/**
 * Signs up, then signs the new user in for this browser session, which enters the app. A sign-up that may have made
 * the account though no answer said so (unanswered, a server fault, or made and then the sign-in failed), asked again,
 * meets that account: it signs in with what was typed, and says the refusal only if the sign-in is refused.
 */
export function useRegister() {
  const perhapsMade = useRef<string | undefined>(undefined);
  return useContractMutation(contracts.register, async (input: RegistrationInput) => {
    try {
      await register(input);
    } catch (error) {
      const mayBeOwn = perhapsMade.current === input.login && mayMeetOwnAccount(error);
      if (mayHaveMade(error)) perhapsMade.current = input.login;
      if (!mayBeOwn) throw error;
      // A sign-in refused says the sign-up's refusal; one that did not go through (or was asked to wait) says so.
      const { access_token } = await signIn(input).catch((failure: unknown) =>
        Promise.reject(
          mayHaveMade(failure) || (failure instanceof ApiError && failure.status === 429) ? failure : error,
        ),
      );
      return startSession(access_token, false);
    }
    perhapsMade.current = input.login;
    const { access_token } = await signIn({ login: input.login, password: input.password });
    startSession(access_token, false);
  });
}
