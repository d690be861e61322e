// The local API Gateway: turns each HTTP request into an HTTP API v2 event, hands /Services/*
// to the area handler the route table names (the very modules the CDK app deploys), and serves
// the built web app for everything else.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type Area, routes } from '../../functions/http/routes.ts';
import { requestIdHeader, requestIdOf } from '../../functions/http/log-context.ts';
import { securityHeaders } from '../../functions/http/security-headers.ts';
import { decodedPath, serveSite } from './site-server.ts';

type AreaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** A Lambda function takes a request of at most 6 MB (API Gateway's own limit, 10 MB, is the looser). */
const maxBodyBytes = 6 * 1024 * 1024;
/** API Gateway's limits: a request line up to about 10 kB, headers up to 64 kB. */
const maxUrlBytes = 10 * 1024;
const maxHeaderBytes = 64 * 1024;
const textBody = /^(application\/(json|x-www-form-urlencoded)|text\/)/i;

export function toApiGatewayEvent(request: {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  sourceIp: string;
}): APIGatewayProxyEventV2 {
  const url = new URL(request.url, 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  // API Gateway adds these; handlers build links from them.
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-for'] ??= request.sourceIp;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const isText = textBody.test(headers['content-type'] ?? '');
  const now = new Date();
  const routeKey = `${request.method} ${url.pathname}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: headers.cookie?.split(';').map((cookie) => cookie.trim()),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: request.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: request.body.length ? request.body.toString(isText ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: request.body.length > 0 && !isText,
  };
}

const lambdaContext = (functionName: string): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
  memoryLimitInMB: '512',
  awsRequestId: randomUUID(),
  logGroupName: `/aws/lambda/${functionName}`,
  logStreamName: 'local',
  getRemainingTimeInMillis: () => 29_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

export type AreaHandlers = (area: Area) => AreaHandler;

export async function invokeRoute(
  event: APIGatewayProxyEventV2,
  handlerOf: AreaHandlers,
): Promise<APIGatewayProxyStructuredResultV2> {
  const route = Object.values(routes).find(
    (spec) => spec.method === event.requestContext.http.method && spec.path === event.rawPath,
  );
  if (!route) {
    // As every answer: the request id in a header and in the error body.
    const requestId = requestIdOf(event, undefined);
    return {
      statusCode: 404,
      headers: { 'content-type': 'application/json', [requestIdHeader]: requestId },
      body: JSON.stringify({ error: 'There is no such call', code: 'NO_ROUTE', requestId }),
    };
  }
  return handlerOf(route.area)(event, lambdaContext(`pickem-${route.area}`));
}

const sendJson = (res: ServerResponse, status: number, body: { error: string; code: string }) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer | undefined>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBodyBytes ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Node answers oversized headers itself with a bare 431; ours carries the usual JSON error. */
function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable) return socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify(
    tooLarge
      ? { error: 'The request headers are larger than 64 kB', code: 'HEADERS_TOO_LARGE' }
      : { error: 'The request is not valid HTTP', code: 'BAD_REQUEST' },
  );
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export function createApiServer(webRoot: string, handlerOf: AreaHandlers): Server {
  const server = createServer({ maxHeaderSize: maxHeaderBytes }, async (req, res) => {
    // Every answer, page, file, API or error, carries what CloudFront adds in AWS (but HSTS: this is plain http).
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    try {
      if ((req.url ?? '').length > maxUrlBytes)
        return sendJson(res, 414, { error: 'The address is longer than 10 kB', code: 'URI_TOO_LONG' });
      const path = decodedPath(req.url ?? '/');
      if (path === undefined) {
        return sendJson(res, 400, { error: 'The path is not a valid URL', code: 'BAD_PATH' });
      }
      if (!path.startsWith('/Services/')) return await serveSite(webRoot, req, res, path);
      const body = await readBody(req);
      if (!body) return sendJson(res, 413, { error: 'The request body is larger than 6 MB', code: 'TOO_LARGE' });
      const result = await invokeRoute(
        toApiGatewayEvent({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          headers: req.headers,
          body,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        }),
        handlerOf,
      );
      const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
      if (result.cookies?.length) headers['set-cookie'] = result.cookies;
      res.writeHead(result.statusCode ?? 200, headers);
      res.end(
        result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'),
      );
    } catch (error) {
      console.error(error);
      sendJson(res, 500, { error: 'Something went wrong on our side; please try again', code: 'INTERNAL' });
    }
  });
  server.on('clientError', answerClientError);
  return server;
}
