// An API Gateway event as the route handlers read it: headers, query and body already parsed.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export type HttpEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown };

/** What every route sees besides its typed input and its caller. */
export interface RequestContext {
  headers: Record<string, string | undefined>;
  host: string | undefined;
  sourceIp: string;
}

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
    sourceIp: event.requestContext.http.sourceIp,
  };
}
