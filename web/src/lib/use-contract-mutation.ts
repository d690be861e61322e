import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { Contract } from '#domain/contracts/contract.ts';
import { ApiError, isTransient } from './api-client';
import { isInvalidatedBy } from './contract-keys';
import { askListsAgain } from './use-cursor-pages';

type MutationKey = readonly [Contract['path']];

export interface ContractMutationOptions {
  /** Every trigger throws a failure, not only one that asks for it (the caller catches it itself). */
  throwOnError?: boolean;
}

/**
 * A change the server did not take because it was busy (503), or that may not have reached it: said plainly, so the
 * user tries again (the form or dialog stays open with what was typed, as on any failure).
 */
export function unsavedChangeError(error: unknown): unknown {
  if (!isTransient(error)) return error;
  const message =
    error.status === 503
      ? 'The server is busy right now, so this did not go through. Try again in a moment.'
      : 'The server could not be reached, so this may not have gone through. Check your connection and try again.';
  return new ApiError(message, error.status, error.code, error.details, error.retryAfterSeconds);
}

/**
 * Asks again every cached answer whose key `matches`: the single reads, and the lists read page by page that SWR's
 * key filter passes over (use-cursor-pages.ts); settles once they are read (a failed read settles too).
 */
export function useAskAgain() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (matches: (key: unknown) => boolean) => Promise.all([mutate(matches), askListsAgain(matches)]),
    [mutate],
  );
}

/**
 * How long a change waits for the reads it made stale before it answers: its dialog then closes onto the list as it
 * now stands (no row deleted or edited still shown, to be pressed), and a slow read does not hold the dialog open.
 */
const readsAgainWaitMs = 3000;
async function waitAtMost(reads: Promise<unknown>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([reads, new Promise((elapsed) => (timer = setTimeout(elapsed, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A change through the contract's API call (`change` makes it, and may make more calls or update the cache
 * itself): once it answers, every cached answer of the reads the contract names in `invalidates` is asked again,
 * whatever its input, and the change answers once they are read (readsAgainWaitMs at most); so they are after a 409
 * or a 404, which say the page showed a state the server no longer holds. A failure lands in the hook's `error`, and
 * is thrown only by a trigger that asks for it (`{ throwOnError: true }`) or when the hook does.
 */
export function useContractMutation<Data, Arg>(
  contract: Contract,
  change: (arg: Arg) => Promise<Data>,
  { throwOnError = false }: ContractMutationOptions = {},
) {
  const askAgain = useAskAgain();
  const askReadsAgain = async () => {
    if (contract.invalidates?.length) await waitAtMost(askAgain(isInvalidatedBy(contract)), readsAgainWaitMs);
  };
  const run = async (_key: MutationKey, { arg }: { arg: Arg }) => {
    const answer = await change(arg).catch(async (error: unknown) => {
      // A 409 or 404 says the server holds another state than the page showed (another administrator's edit or delete).
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) await askReadsAgain();
      throw unsavedChangeError(error);
    });
    await askReadsAgain();
    return answer;
  };
  // The contract's path alone: no read's key (path and input) is a mutation's.
  const key: MutationKey = [contract.path];
  return useSWRMutation<Data, Error, MutationKey, Arg>(key, run, { throwOnError });
}
