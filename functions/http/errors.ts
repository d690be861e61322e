// Errors become answers here and nowhere else: domain errors by their class, everything else 500.
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
  const http = error as { statusCode?: number; message?: string };
  if (http?.statusCode === 404) return json(404, { error: 'There is no such call', code: 'NO_ROUTE' });
  if (http?.statusCode && http.statusCode < 500) {
    return json(400, { error: http.message ?? 'The request could not be read', code: 'BAD_REQUEST' });
  }
  logger.error('Unexpected error', { error });
  return json(500, { error: 'Something went wrong on our side; please try again', code: 'INTERNAL' });
}
