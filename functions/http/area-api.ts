// One Lambda per area, with the plumbing every area shares written once: the request id and access log,
// header normalisation, body parsing (form, multipart, JSON, base64), the route's access guard, parsing
// the input with the route's contract, the contract's success status, and the mapping of errors to answers.
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpRouterHandler from '@middy/http-router';
import httpUrlencodeBodyParser from '@middy/http-urlencode-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { type InputOf, parseWith, type ResponseOf } from '#domain/contracts/contract.ts';
import type { Deps } from '../adapters/deps.ts';
import { authenticate, type Caller } from './auth-guard.ts';
import { compressed } from './compression.ts';
import { errorResponse } from './errors.ts';
import { type ApiReply, json } from './json-answer.ts';
import { emptyBodyIsNoBody, type HttpEvent, rawInput, type RequestContext, toRequest } from './request.ts';
import { type Area, type RouteName, routes, type RoutesOf, type RouteSpec } from './routes.ts';
import { traced } from '../adapters/tracer.ts';
import { noteAccess, withRequestLog } from './log-context.ts';
import { multipartBody } from './multipart-body.ts';
import { originGuard } from './origin-guard.ts';

export interface ApiRequest<Input = unknown> extends RequestContext {
  /** The request parsed with the route's contract. */
  input: Input;
  /** Present on every route whose access is not 'public'. */
  caller: Caller;
}

/** A route's implementation: its contract's input in, its contract's answer out (or with another status). */
export type RouteImpl<N extends RouteName> = (
  request: ApiRequest<InputOf<RouteSpec<N>['contract']>>,
  deps: Deps,
) => Promise<ResponseOf<RouteSpec<N>['contract']> | ApiReply<ResponseOf<RouteSpec<N>['contract']>>>;

const isReply = (result: unknown): result is ApiReply =>
  !!result && typeof result === 'object' && 'status' in result && 'body' in result;

function routeHandler(name: RouteName, spec: RouteSpec, impl: RouteImpl<RouteName>, getDeps: () => Deps) {
  return async (event: HttpEvent) => {
    noteAccess({ route: name });
    const deps = getDeps();
    const request = toRequest(event);
    const caller =
      spec.access === 'public'
        ? (undefined as unknown as Caller)
        : await authenticate(request.headers.authorization, deps, spec.access);
    if (caller) noteAccess({ clientId: caller.client.id, userId: caller.user.id });
    const input = parseWith(spec.contract.request, rawInput(event));
    const result = await impl({ ...request, input: input as never, caller }, deps);
    const answer = isReply(result) ? result : { status: spec.contract.response.status, body: result };
    return compressed(json(answer.status, answer.body, answer.headers), request.headers['accept-encoding']);
  };
}

/** One Lambda handler for an area: every route of the area, and only those, with the shared plumbing. */
export function areaApi<A extends Area>(area: A, impls: { [N in RoutesOf<A>]: RouteImpl<N> }, getDeps: () => Deps) {
  const table = Object.entries(impls as Record<string, RouteImpl<RouteName>>).map(([name, impl]) => {
    const spec: RouteSpec = routes[name as RouteName];
    if (spec.area !== area) throw new Error(`Route ${name} belongs to ${spec.area}, not ${area}`);
    return { method: spec.method, path: spec.path, handler: routeHandler(name as RouteName, spec, impl, getDeps) };
  });
  const api = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(traced())
    .use(originGuard())
    .use(httpHeaderNormalizer())
    .use(emptyBodyIsNoBody())
    .use(httpUrlencodeBodyParser({ disableContentTypeError: true }))
    .use(multipartBody())
    .use(httpJsonBodyParser({ disableContentTypeError: true }))
    .use({ onError: (request) => void (request.response = errorResponse(request.error)) })
    .handler(httpRouterHandler(table as never) as never);
  return withRequestLog(api);
}
