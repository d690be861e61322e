// The one logger of every Lambda: JSON lines with the service name, and, inside an invocation, the
// Lambda request id and the request's own ids (an HTTP request's id, a job's correlation id).
// POWERTOOLS_LOG_LEVEL sets the level (the tests run silent).
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';

export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'pickem' });

/**
 * Tags every line written from now until the next invocation with this invocation's ids. A Lambda runs
 * one invocation at a time; the local runtime runs several at once, so its lines may carry another's ids.
 */
export function enterInvocation(context: Context | undefined, keys: Record<string, string>): void {
  logger.resetKeys();
  if (context) logger.addContext(context);
  logger.appendKeys(keys);
}

/** Wraps a plain (non-middy) handler so its lines carry the invocation's ids. */
export function withLogContext<Event, Result>(
  correlationIdOf: (event: Event) => string | number | undefined,
  handler: (event: Event, context?: Context) => Promise<Result>,
): (event: Event, context?: Context) => Promise<Result> {
  return (event, context) => {
    const correlationId = correlationIdOf(event);
    enterInvocation(context, correlationId === undefined ? {} : { correlationId: String(correlationId) });
    return handler(event, context);
  };
}
