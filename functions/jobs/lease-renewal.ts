// A lease held while work goes on: renewed on a timer, so only a holder that died lets it run out.
import { logger } from '../adapters/logger.ts';

/**
 * Calls `renew` every `everyMs` until the returned stop. A renewal that fails is logged as `what` (with `context`)
 * and the next one tries again; the timer never keeps the process alive.
 */
export function keepRenewing(
  renew: () => Promise<unknown>,
  everyMs: number,
  what: string,
  context: Record<string, unknown>,
): () => void {
  const timer = setInterval(
    () => void renew().catch((error: unknown) => logger.warn(`${what} renewal failed`, { ...context, error })),
    everyMs,
  );
  timer.unref();
  return () => clearInterval(timer);
}
