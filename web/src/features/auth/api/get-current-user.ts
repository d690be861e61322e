import useSWR, { useSWRConfig } from 'swr';
import type { UserPayload } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api, mayAnswerLater } from '@/lib/api-client';
import { signedInUserKey } from '@/lib/api/get-signed-in-user';
import { endSession, useSessionToken } from '@/lib/session';

/** The signed-in user's profile (docs/rules.md, Profile), typed by the same module the server builds it with. */
export type User = UserPayload;

/** One cache entry with the pages that only read the user (lib/api/get-signed-in-user.ts). */
export const currentUserKey = signedInUserKey;

export const getCurrentUser = (): Promise<User> => api.call(contracts.currentUser, {});

export function useCurrentUser() {
  const token = useSessionToken();
  const { cache } = useSWRConfig();
  return useSWR<User, Error>(token ? currentUserKey : null, getCurrentUser, {
    // Session start (docs/rules.md, Session): a token that cannot load its user is dropped from both stores; a read
    // that may pass later (offline, a busy server) says nothing about the token and keeps it. Once the user is known,
    // a failed refresh keeps the session (a 401 still ends it in the api client).
    onError: (error, key) => {
      if (cache.get(key)?.data === undefined && !mayAnswerLater(error)) endSession();
    },
  });
}
