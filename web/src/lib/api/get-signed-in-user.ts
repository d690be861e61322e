import useSWR from 'swr';
import type { UserPayload } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

// The cache entry the auth feature loads at sign-in (its currentUserKey is this one): pages that only read
// the user's permissions and client share it without importing that feature.
export const signedInUserKey = keyOf(contracts.currentUser, {});

/**
 * The signed-in user (permissions, client id and name). The session gate has loaded it before any
 * page renders, and the app shell keeps it fresh, so this hook does not ask again on its own.
 */
export function useSignedInUser() {
  return useSWR<UserPayload, Error>(signedInUserKey, () => api.call(contracts.currentUser, {}), {
    revalidateIfStale: false,
    revalidateOnFocus: false,
  });
}
