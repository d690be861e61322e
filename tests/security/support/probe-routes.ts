// The security probes' caller: any route of the route table sent over HTTP to 127.0.0.1 with its contract's
// encoding (or a raw body or query instead), from any local address, answering its status and body as read.
import { request as httpRequest } from 'node:http';
import { type RouteName, routes } from '../../../functions/http/routes.ts';
import type { LocalStack } from '../../../infra/local/stack.ts';

export const routeNames = Object.keys(routes) as RouteName[];
export const protectedRoutes = routeNames.filter((name) => routes[name].access !== 'public');

/** The stack's address with the loopback IP, so every request goes to 127.0.0.1 only. */
export const loopbackUrl = (stack: Pick<LocalStack, 'url'>) => stack.url.replace('//localhost:', '//127.0.0.1:');

export interface ProbeAnswer {
  status: number;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  body: any;
  isJson: boolean;
  contentType: string;
  headers: Headers;
}

export interface RouteCall {
  input?: Record<string, unknown>;
  token?: string;
  headers?: Record<string, string>;
  /** Sent as is instead of the encoded input (with `contentType`). */
  rawBody?: string | Buffer;
  contentType?: string;
  /** Sent as is instead of the encoded input's query string. */
  rawQuery?: string;
  /** The local address the connection comes from (another 127.x.y.z is another source). */
  localAddress?: string;
}

function searchParams(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
  }
  return params.toString();
}

/** A route whose request is a JSON list of objects (use-affiliate-sign): the input goes as its one item. */
const takesList = (name: RouteName) =>
  (routes[name].contract.request as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'array';

/** One route of the route table called with its contract's method, path and input encoding. */
export function callRoute(baseUrl: string, name: RouteName, call: RouteCall = {}): Promise<ProbeAnswer> {
  const { method, path, contract } = routes[name];
  const input = call.input ?? {};
  let query = call.rawQuery ?? '';
  let body: string | Buffer | undefined = call.rawBody;
  const headers: Record<string, string> = {};
  if (call.rawBody !== undefined) {
    if (call.contentType) headers['content-type'] = call.contentType;
  } else if (contract.input === 'query') {
    if (call.rawQuery === undefined) query = searchParams(input);
  } else if (contract.input === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = searchParams(input);
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(takesList(name) ? [input] : input);
  }
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  Object.assign(headers, call.headers);
  const url = new URL(`${baseUrl}${path}${query ? `?${query}` : ''}`);
  const payload = body === undefined ? undefined : Buffer.from(body);
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        localAddress: call.localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const contentType = String(response.headers['content-type'] ?? '');
          let parsed: unknown;
          let isJson = false;
          try {
            parsed = text ? JSON.parse(text) : undefined;
            isJson = text !== '';
          } catch {
            parsed = undefined;
          }
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined) headers.set(name, String(value));
          resolve({ status: response.statusCode ?? 0, text, body: parsed, isJson, contentType, headers });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
