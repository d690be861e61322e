// Errors become answers here and nowhere else: domain errors by their class, AWS's bad minute 503, everything else 500.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from '#domain/errors.ts';
import { logger } from '../adapters/logger.ts';
import { transientFaultOf } from '../adapters/transient-fault.ts';
import { json } from './json-answer.ts';

export const statusOf = (error: DomainError) =>
  error instanceof ValidationError
    ? 400
    : error instanceof UnauthenticatedError
      ? 401
      : error instanceof ForbiddenError
        ? 403
        : error instanceof NotFoundError
          ? 404
          : error instanceof ConflictError
            ? 409
            : error instanceof TooManyRequestsError
              ? 429
              : error instanceof UnavailableError
                ? 503
                : 400;

/**
 * When to ask again after AWS stayed busy beyond the SDK's retries. A few seconds: the SDK has already backed off for
 * about a second, DynamoDB's adaptive capacity and Lambda's scaling catch up within seconds, and the web app's read
 * retries and a player's second tap then come spread over them instead of all at once; much longer would leave a
 * player waiting on a minute that has often passed.
 */
export const busyRetryAfterSeconds = 2;

const busy = () =>
  new UnavailableError(
    'The server is busy right now; please try again in a moment.',
    busyRetryAfterSeconds,
    'SERVER_BUSY',
  );

export function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof DomainError) {
    const headers: Record<string, string> =
      error instanceof TooManyRequestsError || error instanceof UnavailableError
        ? { 'retry-after': String(error.retryAfterSeconds) }
        : {};
    return json(
      statusOf(error),
      { error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) },
      headers,
    );
  }
  const fault = transientFaultOf(error);
  if (fault) {
    // Not our bug: a warning the operators see beside the throttle alarms, never an error.
    logger.warn('Answered 503: AWS stayed busy beyond the retries, or the handler ran out of time', {
      awsError: fault,
      error,
    });
    return errorResponse(busy());
  }
  const http = error as { statusCode?: number; message?: string };
  if (http?.statusCode === 404) return json(404, { error: 'There is no such call', code: 'NO_ROUTE' });
  if (http?.statusCode && http.statusCode < 500) {
    return json(400, { error: http.message ?? 'The request could not be read', code: 'BAD_REQUEST' });
  }
  logger.error('Unexpected error', { error });
  return json(500, { error: 'Something went wrong on our side; please try again', code: 'INTERNAL' });
}
