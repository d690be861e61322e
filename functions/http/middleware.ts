// The HTTP plumbing every area Lambda shares, written once: header normalisation, body parsing
// (form, multipart, JSON, base64), the route's access guard, and the mapping of errors to answers.
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import httpRouterHandler from '@middy/http-router';
import httpUrlencodeBodyParser from '@middy/http-urlencode-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { gzipSync } from 'node:zlib';
import { canActAcrossClients, holdsAll, type Permission } from '../../domain/auth/permissions.ts';
import { type Client, type Role, type User, UserStatus } from '../../domain/auth/user.ts';
import {
  ConflictError, DomainError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthenticatedError, ValidationError,
} from '../../domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { verifyToken } from '../adapters/tokens.ts';
import { getClient, getRole, getUser } from '../store/accounts.ts';
import { type Area, routes, type RoutesOf, type RouteSpec } from './routes.ts';

export interface Caller { user: User; role: Role; client: Client; permissions: Permission[] }

export interface ApiRequest {
  body: Record<string, unknown>;
  query: Record<string, string | string[]>;
  headers: Record<string, string | undefined>;
  /** Present on every route whose access is not 'public'. */
  caller: Caller;
  /** Scheme and host the browser used, for links in mails. */
  origin: string;
  host: string | undefined;
  sourceIp: string;
}

export interface ApiReply { status: number; body: unknown; headers?: Record<string, string> }
export const reply = (status: number, body: unknown): ApiReply => ({ status, body });

export type RouteImpl = (request: ApiRequest, deps: Deps) => Promise<unknown>;

type HttpEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown };

/** `a=1&b[0]=2&b[1]=3` → { a: '1', b: ['2', '3'] }; repeated keys become arrays too. */
export function parseQuery(raw: string | undefined): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [rawKey, value] of new URLSearchParams(raw ?? '')) {
    const indexed = /^(.+)\[\d*\]$/.exec(rawKey);
    const key = indexed?.[1] ?? rawKey;
    const existing = query[key];
    if (indexed || existing !== undefined) query[key] = [...(existing === undefined ? [] : [existing].flat()), value];
    else query[key] = value;
  }
  return query;
}

async function authenticate(event: HttpEvent, deps: Deps, required: readonly Permission[]): Promise<Caller> {
  const [scheme, token] = (event.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new UnauthenticatedError();
  const claims = await verifyToken(deps, token);
  if (!claims) throw new UnauthenticatedError();
  const [user, client] = await Promise.all([getUser(deps, claims.clientId, claims.userId), getClient(deps, claims.clientId)]);
  if (!user || !client || user.status !== UserStatus.Active) throw new UnauthenticatedError();
  const role = await getRole(deps, user.roleId);
  const permissions = role?.permissions ?? [];
  if (!role || !holdsAll(permissions, required)) throw new ForbiddenError();
  return { user, role, client, permissions };
}

/** The client a request acts on: the caller's own, unless a client manager names another. */
export function scopedClientId(caller: Caller, requested: number | undefined): number {
  if (requested === undefined || requested === caller.client.id) return caller.client.id;
  if (!canActAcrossClients(caller.permissions)) throw new ForbiddenError('You can only see your own client');
  return requested;
}

function toRequest(event: HttpEvent): Omit<ApiRequest, 'caller'> {
  const headers = event.headers as Record<string, string | undefined>;
  const host = headers['x-forwarded-host'] ?? headers.host;
  const body = event.body && typeof event.body === 'object' ? (event.body as Record<string, unknown>) : {};
  return {
    body,
    query: parseQuery(event.rawQueryString),
    headers,
    origin: `${headers['x-forwarded-proto'] ?? 'https'}://${host ?? 'localhost'}`,
    host,
    sourceIp: event.requestContext.http.sourceIp,
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(body),
});

/** Whether an Accept-Encoding header lets us send gzip: named with q > 0, or unnamed and `*` with q > 0. */
export function acceptsGzip(header: string | undefined): boolean {
  const quality = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.map((param) => /^q\s*=\s*([\d.]+)$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (coding) quality.set(coding, q === undefined ? 1 : Number(q));
  }
  return (quality.get('gzip') ?? quality.get('*') ?? 0) > 0;
}

/**
 * Answers over 1 kB go gzipped to callers that accept it (every browser does). A leaderboard
 * repeats base64 team logos in every cell: 3.4 MB of JSON at 1,000 players, 34 MB at 10,000,
 * while a Lambda answer may not exceed 6 MB. (middy's content-encoding middleware needs Node 22.)
 */
function compressed(answer: APIGatewayProxyStructuredResultV2, acceptEncoding: string | undefined): APIGatewayProxyStructuredResultV2 {
  if (typeof answer.body !== 'string' || answer.body.length < 1024) return answer;
  const headers = { ...answer.headers, vary: 'accept-encoding' };
  if (!acceptsGzip(acceptEncoding)) return { ...answer, headers };
  return { ...answer, headers: { ...headers, 'content-encoding': 'gzip' }, body: gzipSync(answer.body).toString('base64'), isBase64Encoded: true };
}

const statusOf = (error: DomainError) =>
  error instanceof ValidationError ? 400
  : error instanceof UnauthenticatedError ? 401
  : error instanceof ForbiddenError ? 403
  : error instanceof NotFoundError ? 404
  : error instanceof ConflictError ? 409
  : error instanceof TooManyRequestsError ? 429
  : 400;

export function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof DomainError) {
    const headers: Record<string, string> =
      error instanceof TooManyRequestsError ? { 'retry-after': String(error.retryAfterSeconds) } : {};
    return json(statusOf(error), { error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) }, headers);
  }
  const http = error as { statusCode?: number; message?: string };
  if (http?.statusCode === 404) return json(404, { error: 'There is no such call', code: 'NO_ROUTE' });
  if (http?.statusCode && http.statusCode < 500) {
    return json(400, { error: http.message ?? 'The request could not be read', code: 'BAD_REQUEST' });
  }
  logger.error('Unhandled error', { error });
  return json(500, { error: 'Something went wrong on our side; please try again', code: 'INTERNAL' });
}

function routeHandler(spec: RouteSpec, impl: RouteImpl, getDeps: () => Deps) {
  return async (event: HttpEvent) => {
    const deps = getDeps();
    const request = toRequest(event);
    const caller = spec.access === 'public' ? (undefined as unknown as Caller) : await authenticate(event, deps, spec.access);
    const result = await impl({ ...request, caller }, deps);
    const answer = result && typeof result === 'object' && 'status' in result && 'body' in result ? (result as ApiReply) : reply(200, result);
    return compressed(json(answer.status, answer.body, answer.headers), request.headers['accept-encoding']);
  };
}

/** One Lambda handler for an area: every route of the area, and only those, with the shared plumbing. */
export function areaApi<A extends Area>(area: A, impls: Record<RoutesOf<A>, RouteImpl>, getDeps: () => Deps) {
  const table = Object.entries(impls as Record<string, RouteImpl>).map(([name, impl]) => {
    const spec: RouteSpec = routes[name as keyof typeof routes];
    if (spec.area !== area) throw new Error(`Route ${name} belongs to ${spec.area}, not ${area}`);
    return { method: spec.method, path: spec.path, handler: routeHandler(spec, impl, getDeps) };
  });
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(httpHeaderNormalizer())
    .use(httpUrlencodeBodyParser({ disableContentTypeError: true }))
    .use(httpMultipartBodyParser({ disableContentTypeError: true }))
    .use(httpJsonBodyParser({ disableContentTypeError: true }))
    .use({ onError: (request) => void (request.response = errorResponse(request.error)) })
    .handler(httpRouterHandler(table as never) as never);
}
