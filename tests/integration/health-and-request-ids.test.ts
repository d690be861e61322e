// What a monitor and an on-call operator see from outside: the health check, and a request id on every
// answer (the caller's correlation id when it sends one), also in the body of every refusal.
import { createHealthApi } from '../../functions/http/health-api.ts';
import { toApiGatewayEvent } from '../../infra/local/api-server.ts';
import { checkAnswer } from './support/answer-check.ts';
import { contracts } from '#domain/contracts/api.ts';
import { serverTimeHeader } from '#domain/contracts/server-time.ts';
import { call, send } from './support/call.ts';
import { routeOf } from './support/route-of.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ seed: false });

describe('the health check', () => {
  it('answers 200 with its version and the tables check, without a token', async () => {
    const answer = await call(given.api, contracts.health, {});
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(answer.body).toEqual({ status: 'ok', version: expect.any(String), checks: { tables: 'ok' } });
    expect(answer.headers.get('x-request-id')).toBeTruthy();
  });

  it("says the server's clock, by which the web app picks the current week whatever the device's clock says", async () => {
    const answer = await call(given.api, contracts.health, {});
    const said = Date.parse(answer.headers.get(serverTimeHeader) ?? '');
    const clock = given.stack.deps.clock.now().getTime();
    expect(Math.abs(said - clock)).toBeLessThan(60_000);
  });

  it('answers 503 degraded, naming the failing check, when a table cannot be read', async () => {
    const broken = createHealthApi(() => ({
      ...given.stack.deps,
      tables: { ...given.stack.deps.tables, views: 'no-such-table' },
    }));
    const result = await broken(
      toApiGatewayEvent({
        method: 'GET',
        url: '/Services/health',
        headers: { host: 'localhost' },
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
      }),
      { awsRequestId: 'lambda-health-1' } as never,
    );
    const body = JSON.parse(result.body ?? '{}');
    expect(result.statusCode).toBe(503);
    expect(body).toMatchObject({ status: 'degraded', checks: { tables: 'failing' } });
    checkAnswer(
      'GET',
      '/Services/health',
      Number(result.statusCode),
      body,
      new Headers(result.headers as Record<string, string>),
    );
  });
});

describe('request ids', () => {
  it.each([
    ['a success', () => call(given.api, contracts.health, {}), 200],
    ['a bad query', () => send(given.api, contracts.checkLogin, {}), 400],
    ['a call without a token', () => call(given.api, contracts.currentUser, {}), 401],
    // Probe: a path no contract has.
    ['a path no route has', () => given.api.call('GET', '/api/Nothing/here'), 404],
  ] as const)('%s carries a fresh x-request-id, and a refusal names it in its body', async (_what, request, status) => {
    const first = await request();
    const second = await request();
    expect(first.status).toBe(status);
    const id = first.headers.get('x-request-id');
    expect(id).toMatch(/\S{8,}/);
    expect(second.headers.get('x-request-id')).not.toBe(id);
    if (status >= 400) expect(first.body.requestId).toBe(id);
  });

  // Probe: the raw x-correlation-id header is the point.
  it("honours the caller's x-correlation-id, on a refusal too", async () => {
    const headers = { 'x-correlation-id': 'support-ticket-77' };
    const refused = await given.api.call('POST', routeOf(contracts.signIn), { form: { login: 'x' }, headers });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-request-id')).toBe('support-ticket-77');
    expect(refused.body.requestId).toBe('support-ticket-77');
    const healthy = await given.api.call('GET', routeOf(contracts.health), { headers });
    expect(healthy.headers.get('x-request-id')).toBe('support-ticket-77');
  });
});
