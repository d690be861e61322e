// An API Gateway event as the route handlers read it: headers, query and body already parsed.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export type HttpEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown };

/** What every route sees besides its typed input and its caller. */
export interface RequestContext {
  headers: Record<string, string | undefined>;
  host: string | undefined;
  sourceIp: string;
}

/** `a=1&b[0]=2&b[1]=3` → { a: '1', b: ['2', '3'] }; repeated keys become arrays too. No prototype, as for a form
 * body: `__proto__` or `constructor` in a query string is one more unknown key. */
export function parseQuery(raw: string | undefined): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(raw ?? '')) {
    const indexed = /^(.+)\[\d*\]$/.exec(rawKey);
    const key = indexed?.[1] ?? rawKey;
    const existing = query[key];
    if (indexed || existing !== undefined) query[key] = [...(existing === undefined ? [] : [existing].flat()), value];
    else query[key] = value;
  }
  return query;
}

/** The raw input a contract parses: the query string for GET and DELETE, the body otherwise. */
export function rawInput(event: HttpEvent): unknown {
  const method = event.requestContext.http.method;
  if (method === 'GET' || method === 'DELETE') return parseQuery(event.rawQueryString);
  return event.body && typeof event.body === 'object' ? event.body : {};
}

export function toRequest(event: HttpEvent): RequestContext {
  const headers = event.headers as Record<string, string | undefined>;
  const host = headers['x-forwarded-host'] ?? headers.host;
  return {
    headers,
    host,
    sourceIp:
      viewerAddress(headers, Boolean(process.env.ORIGIN_VERIFY_SECRET_ARN)) ?? event.requestContext.http.sourceIp,
  };
}

/**
 * Behind CloudFront the API sees the edge's address, shared by every visitor at that edge. CloudFront names the
 * visitor in CloudFront-Viewer-Address ('203.0.113.7:443', '2001:db8::1:443'); that header is trusted only behind
 * the origin guard, whose secret proves the request came through CloudFront, which sets it (anyone can send it
 * otherwise).
 */
export function viewerAddress(headers: Record<string, string | undefined>, behindOriginGuard: boolean) {
  const value = headers['cloudfront-viewer-address'];
  if (!behindOriginGuard || !value) return undefined;
  const address = value.slice(0, value.lastIndexOf(':'));
  return /^[0-9a-fA-F.:]{2,45}$/.test(address) ? address : undefined;
}

/**
 * An empty body carries no fields whatever its content type says, so the body parsers skip it and the contract
 * judges the (empty) input: `Content-Type: application/json` with nothing after it is not malformed JSON.
 */
export const emptyBodyIsNoBody = () => ({
  before: (request: { event: { body?: unknown; headers?: Record<string, string | undefined> } }) => {
    const { event } = request;
    if ((event.body === undefined || event.body === '') && event.headers) delete event.headers['content-type'];
  },
});
