// A lease held while work goes on: renewed on a timer, so only a holder that died lets it run out.
import { logger } from '../adapters/logger.ts';

/**
 * Calls `renew` every `everyMs` until the returned stop. A renewal that fails is logged as `what` (with `context`)
 * and the next one tries again; the timer never keeps the process alive. Stopping waits for a renewal under way, so
 * none lands after the caller lets the lease go (which would hold a released job for a lease's length).
 */
export function keepRenewing(
  renew: () => Promise<unknown>,
  everyMs: number,
  what: string,
  context: Record<string, unknown>,
): () => Promise<void> {
  let underWay: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    underWay = renew().catch((error: unknown) => logger.warn(`${what} renewal failed`, { ...context, error }));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await underWay;
  };
}
