// The request id and the access log of every /Services request. The request id is the caller's
// x-correlation-id when it sends a usable one, else the Lambda request id: every log line of the request
// carries it, the answer carries it in x-request-id, and an error's body names it, so a user's report
// leads to the request's lines. One access line per request says which route answered what, how fast, for whom.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { enterInvocation, logger } from '../adapters/logger.ts';

export const requestIdHeader = 'x-request-id';
const correlationHeader = 'x-correlation-id';
/** A caller's id lands in logs and headers: letters, digits and . _ : - only, at most 128 of them. */
const usableId = /^[\w.:-]{1,128}$/;

export function requestIdOf(event: APIGatewayProxyEventV2, context: Context | undefined): string {
  const sent = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === correlationHeader)?.[1];
  if (sent && usableId.test(sent)) return sent;
  return context?.awsRequestId ?? event.requestContext?.requestId ?? randomUUID();
}

/** What the access line says about the request, filled in as the request goes (route, then caller). */
interface Access {
  route?: string;
  clientId?: number;
  userId?: number;
}
const accessOfRequest = new AsyncLocalStorage<Access>();

/** Notes what the access line of the current request reports; ids only, never a secret. */
export function noteAccess(facts: Access): void {
  const access = accessOfRequest.getStore();
  if (access) Object.assign(access, facts);
}

/** The request id in the answer's headers and, for a refusal or failure, in its JSON body. */
function withRequestId(result: APIGatewayProxyStructuredResultV2, requestId: string) {
  const headers = { ...result.headers, [requestIdHeader]: requestId };
  const plainJson =
    (result.statusCode ?? 200) >= 400 &&
    !result.isBase64Encoded &&
    String(result.headers?.['content-type'] ?? '').startsWith('application/json');
  if (!plainJson || !result.body) return { ...result, headers };
  const body = JSON.parse(result.body) as Record<string, unknown>;
  return { ...result, headers, body: JSON.stringify({ ...body, requestId }) };
}

type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2 | undefined | void>;

/** Wraps an area's handler: request id in every log line and answer, then one access line. */
export function withRequestLog(handler: HttpHandler) {
  return async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const started = performance.now();
    const requestId = requestIdOf(event, context);
    enterInvocation(context, { requestId });
    const access: Access = {};
    const result = (await accessOfRequest.run(access, () => handler(event, context))) ?? { statusCode: 204 };
    const answer = withRequestId(result, requestId);
    logger.info('request', {
      requestId,
      method: event.requestContext?.http?.method,
      path: event.rawPath,
      ...access,
      status: answer.statusCode,
      ms: Math.round(performance.now() - started),
    });
    return answer;
  };
}
