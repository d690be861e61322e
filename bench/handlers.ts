// Calls the area Lambdas in-process with API Gateway v2 events built by the local API server's
// own toApiGatewayEvent, as the tests do.
import type { Context } from 'aws-lambda';
import { gunzipSync } from 'node:zlib';
import type { Deps } from '../functions/adapters/deps.ts';
import { createAdminApi } from '../functions/http/admin-api.ts';
import { createAuthApi } from '../functions/http/auth-api.ts';
import { createBetsApi } from '../functions/http/bets-api.ts';
import { createCatalogueApi } from '../functions/http/catalogue-api.ts';
import { createHealthApi } from '../functions/http/health-api.ts';
import { createImportsApi } from '../functions/http/imports-api.ts';
import { createLeaderboardApi } from '../functions/http/leaderboard-api.ts';
import { createSpreadsApi } from '../functions/http/spreads-api.ts';
import { createProcessesApi } from '../functions/http/processes-api.ts';
import { type Area, routes } from '../functions/http/routes.ts';
import { createUsersApi } from '../functions/http/users-api.ts';
import { toApiGatewayEvent } from '../infra/local/api-server.ts';

const context = {
  functionName: 'bench',
  awsRequestId: 'bench',
  getRemainingTimeInMillis: () => 29_000,
} as unknown as Context;

export function areaHandlers(deps: Deps) {
  const getDeps = () => deps;
  const byArea = {
    auth: createAuthApi(getDeps),
    users: createUsersApi(getDeps),
    catalogue: createCatalogueApi(getDeps),
    bets: createBetsApi(getDeps),
    leaderboard: createLeaderboardApi(getDeps),
    imports: createImportsApi(getDeps),
    admin: createAdminApi(getDeps),
    spreads: createSpreadsApi(getDeps),
    processes: createProcessesApi(getDeps),
    health: createHealthApi(getDeps),
  } satisfies Record<Area, unknown>;

  /** The answer's body, parsed; its size as JSON and as the Lambda returns it (gzip, base64), which may not exceed 6 MB. */
  async function callSized<T = any>(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    form?: Record<string, string>,
  ): Promise<{ value: T; bytes: number; sentBytes: number }> {
    const path = new URL(url, 'http://localhost').pathname;
    const route = Object.values(routes).find((spec) => spec.method === method && spec.path === path);
    if (!route) throw new Error(`no route ${method} ${path}`);
    const event = toApiGatewayEvent({
      method,
      url,
      headers: {
        host: 'localhost',
        authorization: `Bearer ${token}`,
        'accept-encoding': 'gzip, deflate, br',
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' } : {}),
      },
      body: Buffer.from(form ? new URLSearchParams(form).toString() : ''),
      sourceIp: '127.0.0.1',
    });
    const answer = await byArea[route.area](event, context);
    if (answer.statusCode !== 200) throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body}`);
    const sent = answer.body ?? '';
    const text = answer.isBase64Encoded ? gunzipSync(Buffer.from(sent, 'base64')).toString('utf8') : sent;
    return {
      value: JSON.parse(text || 'null') as T,
      bytes: Buffer.byteLength(text),
      sentBytes: Buffer.byteLength(sent),
    };
  }

  const call = async <T = any>(method: 'GET' | 'POST', url: string, token: string, form?: Record<string, string>) =>
    (await callSized<T>(method, url, token, form)).value;

  return { call, callSized };
}
