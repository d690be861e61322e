// A read that meets a busy server (503) or no server at all asks again by itself, a few times, waiting what the
// answer's Retry-After says (else 1, 2, 4 s). A refusal or a bug would answer the same again, so it is not asked.
// Every SWR read is a read whatever its method (the spec's lists are POSTs): asking again changes nothing.
import type { SWRConfiguration } from 'swr';
import { ApiError, isTransient } from './api-client';

/** How many times a read asks again by itself; then its error stays until the page asks (focus, reconnect, a change). */
export const readRetries = 3;
/** The longest wait a Retry-After may ask for before a read asks again. */
const longestWaitSeconds = 30;

/** The wait before the retryCount-th time of asking again (from 1): what Retry-After says, else 1, 2, 4 … s; 30 s at most. */
export const backOffMs = (error: unknown, retryCount: number) =>
  Math.min(
    (error instanceof ApiError ? error.retryAfterSeconds : undefined) ?? 2 ** (retryCount - 1),
    longestWaitSeconds,
  ) * 1000;

/** How long to wait before the retryCount-th time of asking again (from 1), or undefined to stop asking. */
export function readRetryDelayMs(error: unknown, retryCount: number): number | undefined {
  if (!isTransient(error) || retryCount > readRetries) return undefined;
  return backOffMs(error, retryCount);
}

/** SWR's onErrorRetry: asks again after readRetryDelayMs, until it says to stop. */
export const retryRead: NonNullable<SWRConfiguration['onErrorRetry']> = (error, _key, _config, revalidate, options) => {
  const delay = readRetryDelayMs(error, options.retryCount);
  if (delay !== undefined) setTimeout(() => void revalidate(options), delay);
};
