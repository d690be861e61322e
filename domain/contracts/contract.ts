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

/** The answer's type only: answers are built by the server's own code, so they are typed, not parsed. */
export interface Answer<T> {
  readonly type?: T;
}
export const answer = <T>(): Answer<T> => ({});

export interface Contract<Request extends z.ZodMiniType = z.ZodMiniType, Response = unknown> {
  method: Method;
  path: `/Services/${string}`;
  input: InputKind;
  request: Request;
  response: Answer<Response>;
  /** One line for the API documentation. */
  summary: string;
}

export const defineContract = <Request extends z.ZodMiniType, Response>(contract: Contract<Request, Response>) =>
  contract;

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
