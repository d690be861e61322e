// The lane's front door: CloudFront in front of API Gateway's HTTP API. A request to a route of the template becomes
// its payload 2.0 event, with the distribution's origin headers (the origin-verify value) on it, for the function the
// route's integration invokes; a path no route knows is API Gateway's 404, a function's error its 500.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toApiGatewayEvent } from '../local/api-server.ts';
import type { FunctionSandboxes } from './function-sandboxes.ts';
import type { LambdaInvoker } from './lambda-invoker.ts';
import type { ResolvedAssembly } from './template.ts';

export interface ApiFrontOptions {
  routes: ResolvedAssembly['routes'];
  /** By the function's logical id. */
  sandboxes: Map<string, FunctionSandboxes>;
  noteError: LambdaInvoker['noteError'];
  /** The headers CloudFront adds on its way to the API's origin. */
  originHeaders: () => Record<string, string>;
}

export async function startApiFront({ routes, sandboxes, noteError, originHeaders }: ApiFrontOptions) {
  const routesCalled = new Set<string>();
  const front: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://lane');
    const routeKey = `${req.method} ${url.pathname}`;
    const route = routes.get(routeKey);
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'Not Found' }));
    }
    routesCalled.add(routeKey);
    const event = toApiGatewayEvent({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: { ...req.headers, ...originHeaders() },
      body: Buffer.concat(chunks),
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
    });
    const outcome = noteError(routeKey, await sandboxes.get(route.fn.logicalId)!.invoke(event, route.invokedArn));
    if (outcome.error) {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'Internal Server Error' }));
    }
    const result = outcome.result as {
      statusCode?: number;
      headers?: Record<string, string>;
      body?: string;
      isBase64Encoded?: boolean;
      cookies?: string[];
    };
    const headers: Record<string, string | string[]> = { ...result.headers };
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    res.writeHead(result.statusCode ?? 200, headers);
    res.end(
      result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'),
    );
  });
  await new Promise<void>((listening) => front.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

  async function close() {
    await new Promise<void>((done) => front.close(() => done()));
    front.closeAllConnections();
  }

  return { url, routesCalled, close };
}
