// One contract per /Services call: its method, path, how the input travels, the request schema and
// the answer's type. The server parses with it, the web client sends with it, the OpenAPI document
// is generated from it. Schemas use zod/mini so the Lambda bundles stay small.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { ValidationError } from '../errors.ts';

// zod/mini carries no locale: English gives the fields without their own message a readable one.
z.config(en());

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Form: application/x-www-form-urlencoded body; json: application/json body; query: the query string. */
export type InputKind = 'form' | 'json' | 'query';

/** The status of a call's success: 201 when it creates, 202 when it queues a job. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * The answer: its type for the server's code and the web client, its schema for the API document (and
 * the integration tests, which check every answer against it), and its success status.
 */
export interface Answer<T> {
  readonly type?: T;
  readonly schema: z.ZodMiniType;
  readonly status: SuccessStatus;
  /** A file answered as text of this type (a download) instead of JSON. */
  readonly mediaType?: 'text/csv';
}
export const answer = <T>(schema: z.ZodMiniType<T>, status: SuccessStatus = 200): Answer<T> => ({ schema, status });

/** A CSV file (UTF-8) to download; the handler names it with a content-disposition header. */
export const csvAnswer = (): Answer<string> => ({ schema: z.string(), status: 200, mediaType: 'text/csv' });

/**
 * The refusals every call can answer: 400 (bad input), 403 (a missing permission, or in AWS a request not through the
 * site) and 503 with a retry-after (AWS stayed busy beyond the SDK's retries, or the call ran out of time).
 */
export const everyCallRefusals = [400, 403, 503] as const;

/** The refusals a call can answer besides everyCallRefusals, and 401 (no valid token), which every call but the public ones can. */
export type Refusal = 401 | 404 | 409 | 429;

interface Call<Request extends z.ZodMiniType, Response> {
  path: `/Services/${string}`;
  input: InputKind;
  request: Request;
  response: Answer<Response>;
  refusals?: readonly Refusal[];
  /** Answers its own answer with 503 when a check fails, instead of an error (the health check). */
  answersDegraded?: true;
  /** Answers 304 without a body when If-None-Match names its current ETag. */
  revalidates?: true;
  /**
   * A change whose answer holds a secret (an invite code) keeps only its ids under a request key, not its answer; one
   * whose input does (a password) is not kept at all: nothing of it is stored (functions/http/request-key.ts).
   */
  secret?: 'answer' | 'input';
  /** One line for the API documentation. */
  summary: string;
}

/**
 * What a call does to what others read (Refine's `invalidates` is the model). A read changes nothing: every GET, and
 * the lists the spec's call list sends as a POST form, which say `read`. A change names, by contract name, the reads
 * it makes out of date, so a client asks again every answer of those reads it holds, whatever their input. A read
 * whose answer the change answers itself (a slip change answers the slip) is not named: the client puts that answer
 * in its place instead. A change that queues a job (an import) names in `jobInvalidates` the reads its job makes out
 * of date, which the client asks again when it sees the job finished.
 */
type Effect =
  | { method: 'GET'; read?: never; invalidates?: never; jobInvalidates?: never }
  | { method: 'POST'; read: true; invalidates?: never; jobInvalidates?: never }
  | {
      method: Exclude<Method, 'GET'>;
      read?: never;
      invalidates: readonly string[];
      jobInvalidates?: readonly string[];
    };

export type Contract<Request extends z.ZodMiniType = z.ZodMiniType, Response = unknown> = Call<Request, Response> &
  Effect;

export const defineContract = <Request extends z.ZodMiniType, Response>(contract: Contract<Request, Response>) =>
  contract;

/** Whether asking changes nothing: a GET, or a list sent as a POST. */
export const isRead = (contract: Contract): boolean => contract.method === 'GET' || contract.read === true;

/** Whether a request key makes the call at most once (functions/http/request-key.ts): a signed-in change, unless its input holds a secret. */
export const takesRequestKey = (contract: Contract, isPublic: boolean) =>
  !isPublic && !isRead(contract) && contract.secret !== 'input';

/**
 * Every refusal a call can answer, sorted: everyCallRefusals; 401 behind a token; a signed-in change's 409 for its
 * request key (sent before with another change, or its change still being made: functions/http/request-key.ts); its own.
 */
export function refusalsOf(contract: Contract, isPublic: boolean): number[] {
  const guarded = isPublic ? [] : [401, ...(takesRequestKey(contract, isPublic) ? [409] : [])];
  return [...new Set([...everyCallRefusals, ...guarded, ...(contract.refusals ?? [])])].sort((a, b) => a - b);
}

export type RequestOf<C extends Contract> = z.input<C['request']>;
export type InputOf<C extends Contract> = z.output<C['request']>;
export type ResponseOf<C extends Contract> = C['response'] extends Answer<infer T> ? T : never;

/** Parses input with a schema; the first problem becomes the message, all of them the details. */
export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw new ValidationError(details[0]?.message ?? 'Invalid request', details);
}

/** The answer every password call gives. */
export interface Message {
  message: string;
}
