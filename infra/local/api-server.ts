// The local API Gateway: turns each HTTP request into an HTTP API v2 event, hands /Services/*
// to the area handler the route table names (the very modules the CDK app deploys), and serves
// the built web app for everything else.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, relative, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { type Area, routes } from '../../functions/http/routes.ts';
import { requestIdHeader, requestIdOf } from '../../functions/http/log-context.ts';
import { securityHeaders } from '../../functions/http/security-headers.ts';
import { siteCaching } from '../../functions/http/site-caching.ts';

type AreaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const maxBodyBytes = 10 * 1024 * 1024;
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

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain',
};

const compressibleType = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;
/** CloudFront compresses files from 1,000 bytes up: below that the headers outweigh the saving. */
const minCompressedBytes = 1000;

type Coding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const deflateGzip = promisify(gzip);
const encoders: Record<Coding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => deflateGzip(body, { level: zlibConstants.Z_BEST_COMPRESSION }),
};

/**
 * Whether Accept-Encoding allows a coding: named with q > 0, or unnamed and `*` with q > 0. (acceptsGzip in
 * functions/http/compression.ts answers the same for gzip alone.)
 */
function accepts(header: string | undefined, coding: Coding): boolean {
  const quality = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.map((param) => /^q\s*=\s*([\d.]+)$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name) quality.set(name, q === undefined ? 1 : Number(q));
  }
  return (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
}

const preferredCoding = (header: string | undefined): Coding | undefined =>
  accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : undefined;

/** A file of the site as last read, and its compressed forms, each made on the first request for it. */
interface SiteFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Coding, Promise<Buffer>>>;
}

/** The request's path decoded, or undefined when it is not a valid URL or percent-encoding. */
function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
}

async function isFile(file: string) {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** The file a path names inside the web root; a client route (no file extension) is the SPA's index.html. */
async function located(webRoot: string, path: string): Promise<string | undefined> {
  const file = normalize(join(webRoot, path === '/' ? '/index.html' : path));
  if (!file.startsWith(webRoot + sep)) return undefined;
  if (await isFile(file)) return file;
  const index = join(webRoot, 'index.html');
  return !extname(path) && (await isFile(index)) ? index : undefined;
}

const etagMatches = (header: string | undefined, etag: string) =>
  (header ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

/**
 * The site's files as last read, by absolute path, for every server of this process: a file read again only when it
 * changed on disk (`npm start` builds the web app while it runs), compressed once per coding. Brotli's best
 * quality takes most of a second on the main chunk, which each test stack would otherwise pay again.
 */
const siteFiles = new Map<string, SiteFile>();

async function siteFile(file: string): Promise<SiteFile> {
  const { mtimeMs, size } = await stat(file);
  const known = siteFiles.get(file);
  if (known?.mtimeMs === mtimeMs && known.size === size) return known;
  const body = await readFile(file);
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const fresh: SiteFile = { mtimeMs, size, body, etag, encoded: {} };
  siteFiles.set(file, fresh);
  return fresh;
}

function encoded(read: SiteFile, coding: Coding): Promise<Buffer> {
  read.encoded[coding] ??= encoders[coding](read.body);
  return read.encoded[coding];
}

/** A file's headers but its type and length: how long it is kept, its ETag, and Vary where it is compressed. */
function cachingHeaders(webRoot: string, file: string, read: SiteFile, compressible: boolean) {
  const hashed = relative(webRoot, file).startsWith(siteCaching.hashedDir + sep);
  return {
    'cache-control': hashed ? siteCaching.hashed : siteCaching.unhashed,
    etag: read.etag,
    ...(compressible && { vary: 'accept-encoding' }),
  };
}

/** The built web app, as CloudFront serves it: hashed assets kept a year, the rest revalidated, text compressed. */
async function serveSite(webRoot: string, req: IncomingMessage, res: ServerResponse, path: string) {
  const file = await located(webRoot, path);
  // A rebuild may delete the file between the two looks.
  const read = file && (await siteFile(file).catch(() => void siteFiles.delete(file)));
  if (!file || !read) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end(existsSync(webRoot) ? 'Not found' : 'The web app is not built yet: run npm run build:web');
  }
  const type = contentTypes[extname(file)] ?? 'application/octet-stream';
  const compressible = compressibleType.test(type) && read.size >= minCompressedBytes;
  const headers = cachingHeaders(webRoot, file, read, compressible);
  if (etagMatches(req.headers['if-none-match'], read.etag)) {
    res.writeHead(304, headers);
    return res.end();
  }
  const coding = compressible ? preferredCoding(req.headers['accept-encoding']) : undefined;
  const body = coding ? await encoded(read, coding) : read.body;
  res.writeHead(200, {
    ...headers,
    'content-type': type,
    'content-length': body.length,
    ...(coding && { 'content-encoding': coding }),
  });
  res.end(body);
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
      if (!body) return sendJson(res, 413, { error: 'The request body is larger than 10 MB', code: 'TOO_LARGE' });
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
