// The one error style of the product: a typed domain error with a stable code. The HTTP layer
// maps each class to its status once (functions/http/errors.ts); nothing else throws HTTP.
export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input that can never be right as sent. */
export class ValidationError extends DomainError {
  constructor(message: string, details?: unknown, code = 'VALIDATION') {
    super(message, code, details);
  }
}

/** No valid credentials or token. */
export class UnauthenticatedError extends DomainError {
  constructor(message = 'Unauthorized', code = 'UNAUTHENTICATED') {
    super(message, code);
  }
}

/** Authenticated, but not allowed to do this. */
export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission to do this', code = 'FORBIDDEN') {
    super(message, code);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, code = 'NOT_FOUND') {
    super(message, code);
  }
}

/** The request was valid but the state does not allow it (taken login, changed spread, ...). */
export class ConflictError extends DomainError {
  constructor(message: string, code = 'CONFLICT', details?: unknown) {
    super(message, code, details);
  }
}

/** Someone else appended to the stream first; the command may be retried on the new state. */
export class ConcurrencyError extends ConflictError {
  constructor(streamId: string, expectedVersion: number) {
    super('This was changed at the same time by another request; please try again', 'CONCURRENCY', {
      streamId,
      expectedVersion,
    });
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code = 'TOO_MANY_REQUESTS',
  ) {
    super(message, code, { retryAfterSeconds });
  }
}

/** Something the answer depends on cannot be reached now; the same request may succeed later. */
export class UnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code = 'UNAVAILABLE',
  ) {
    super(message, code, { retryAfterSeconds });
  }
}
