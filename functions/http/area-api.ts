// One Lambda per area, with the plumbing every area shares written once: the request id and access log,
// header normalisation, body parsing (form, multipart, JSON, base64), the route's access guard, parsing
// the input with the route's contract, the contract's success status, and the mapping of errors to answers.
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpRouterHandler from '@middy/http-router';
import httpUrlencodeBodyParser from '@middy/http-urlencode-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ContractName, contracts } from '#domain/contracts/api.ts';
import { type InputOf, parseWith, type ResponseOf, takesRequestKey } from '#domain/contracts/contract.ts';
import type { Deps } from '../adapters/deps.ts';
import { authenticate, type Caller, type Required } from './auth-guard.ts';
import { compressed } from './compression.ts';
import { errorResponse } from './errors.ts';
import { type ApiReply, file, json } from './json-answer.ts';
import { emptyBodyIsNoBody, type HttpEvent, rawInput, type RequestContext, toRequest } from './request.ts';
import { tracing } from '../adapters/tracer.ts';
import { noteAccess, withRequestLog } from './log-context.ts';
import { multipartBody } from './multipart-body.ts';
import { madeOnce } from './request-key.ts';
import { originGuard } from './origin-guard.ts';
import { serverTimeHeader } from '#domain/contracts/server-time.ts';

export interface ApiRequest<Input = unknown> extends RequestContext {
  /** The request parsed with the route's contract. */
  input: Input;
  /** Present on every route whose access is not 'public'. */
  caller: Caller;
}

type Contract<N extends ContractName> = (typeof contracts)[N];

/** A route's implementation: its contract's input in, its contract's answer out (or with another status). */
export type RouteImpl<N extends ContractName> = (
  request: ApiRequest<InputOf<Contract<N>>>,
  deps: Deps,
) => Promise<ResponseOf<Contract<N>> | ApiReply<ResponseOf<Contract<N>>>>;

/** 'public' needs no token; otherwise a valid token holding what the route requires. */
export type Access = 'public' | Required;

/** The one record of a route: its contract (by name), its guard and its handler. */
export interface RouteRecord<N extends ContractName> {
  access: Access;
  handler: RouteImpl<N>;
}

/** An area's routes, keyed by contract name; the Lambda, the API Gateway routes and the probes derive from these. */
export type AreaRoutes = { [N in ContractName]?: RouteRecord<N> };

/**
 * The contracts of an area's routes, each the one its name has in domain/contracts/api.ts. An area's Lambda imports
 * its own contract modules only: the registry of every contract would put all 80 operations' schemas in each bundle.
 */
export type AreaContracts<R extends AreaRoutes> = Pick<typeof contracts, keyof R & ContractName>;

const isReply = (result: unknown): result is ApiReply =>
  !!result && typeof result === 'object' && 'status' in result && 'body' in result;

function routeHandler(
  name: ContractName,
  contract: Contract<ContractName>,
  record: RouteRecord<ContractName>,
  getDeps: () => Deps,
) {
  return async (event: HttpEvent) => {
    noteAccess({ route: name });
    const deps = getDeps();
    const request = toRequest(event);
    const caller =
      record.access === 'public'
        ? (undefined as unknown as Caller)
        : await authenticate(request.headers.authorization, deps, record.access);
    if (caller) noteAccess({ clientId: caller.client.id, userId: caller.user.id });
    const input = parseWith(contract.request, rawInput(event));
    const make = async (routeDeps: Deps): Promise<ApiReply> => {
      const result = await record.handler({ ...request, input: input as never, caller }, routeDeps);
      return isReply(result) ? result : { status: contract.response.status, body: result };
    };
    const answer = takesRequestKey(contract, record.access === 'public')
      ? await madeOnce(
          deps,
          caller,
          { route: name, input, headers: request.headers, keepsAnswer: contract.secret !== 'answer' },
          make,
        )
      : await make(deps);
    // The web app's one clock: its current week, bonus days and kickoffs follow the server, not the device.
    const headers = { ...answer.headers, [serverTimeHeader]: deps.clock.now().toISOString() };
    const sent = contract.response.mediaType
      ? file(answer.status, contract.response.mediaType, String(answer.body), headers)
      : json(answer.status, answer.body, headers);
    return compressed(sent, request.headers['accept-encoding']);
  };
}

/** One Lambda handler for an area: every route of the area, and only those, with the shared plumbing. */
export function areaApi<R extends AreaRoutes>(records: R, own: AreaContracts<R>, getDeps: () => Deps) {
  const table = Object.entries(records as Record<ContractName, RouteRecord<ContractName>>).map(([name, record]) => {
    const contract = (own as Record<ContractName, Contract<ContractName>>)[name as ContractName];
    const { method, path } = contract;
    return { method, path, handler: routeHandler(name as ContractName, contract, record, getDeps) };
  });
  const api = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(tracing())
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
