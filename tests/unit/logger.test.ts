import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger, withLogContext } from '../../functions/adapters/logger.ts';
import { noteAccess, withRequestLog } from '../../functions/http/log-context.ts';

const context = (awsRequestId: string) =>
  ({
    awsRequestId,
    functionName: 'pickem-test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:test',
    memoryLimitInMB: '128',
  }) as Context;

let lines: Record<string, unknown>[];

beforeEach(() => {
  lines = [];
  const capture = (chunk: string | Uint8Array) => {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  logger.setLogLevel('INFO');
});

afterEach(() => {
  logger.setLogLevel('SILENT');
  vi.restoreAllMocks();
});

const httpEvent = (headers: Record<string, string>) =>
  ({ headers, requestContext: { requestId: 'api-request-1' } }) as unknown as APIGatewayProxyEventV2;

describe('structured logs', () => {
  const api = withRequestLog(async () => {
    noteAccess({ route: 'betList', clientId: 7, userId: 42 });
    logger.info('handled');
    return { statusCode: 409, headers: { 'content-type': 'application/json' }, body: '{"error":"No","code":"C"}' };
  });

  it('write one JSON line with the service, the Lambda request id and the caller’s correlation id as request id', async () => {
    await api(httpEvent({ 'X-Correlation-Id': 'from-caller' }), context('lambda-1'));
    expect(lines[0]).toEqual(
      expect.objectContaining({
        level: 'INFO',
        message: 'handled',
        service: 'pickem',
        function_request_id: 'lambda-1',
        requestId: 'from-caller',
      }),
    );
  });

  it('take the Lambda request id as request id when the caller sends none (or one unfit for a log)', async () => {
    await api(httpEvent({}), context('lambda-2'));
    await api(httpEvent({ 'x-correlation-id': 'a\nforged line' }), context('lambda-3'));
    expect(lines[0]).toMatchObject({ function_request_id: 'lambda-2', requestId: 'lambda-2' });
    expect(lines[2]).toMatchObject({ requestId: 'lambda-3' });
  });

  it('answer the request id in x-request-id and in the body of a refusal', async () => {
    const answer = await api(httpEvent({ 'x-correlation-id': 'trace-9' }), context('lambda-4'));
    expect(answer.headers?.['x-request-id']).toBe('trace-9');
    expect(JSON.parse(answer.body!)).toEqual({ error: 'No', code: 'C', requestId: 'trace-9' });
  });

  it('write one access line per request: route, status, time, client, user and request id', async () => {
    await api(httpEvent({}), context('lambda-5'));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      message: 'request',
      route: 'betList',
      status: 409,
      ms: expect.any(Number),
      clientId: 7,
      userId: 42,
      requestId: 'lambda-5',
    });
  });

  it('tag a plain handler’s lines, and carry no ids over to the next invocation', async () => {
    const job = withLogContext(
      (id: number | undefined) => id,
      async () => logger.error('failed', { error: new Error('no') }),
    );
    await job(42, context('lambda-3'));
    await job(undefined);
    expect(lines[0]).toMatchObject({ level: 'ERROR', correlationId: '42', error: { name: 'Error', message: 'no' } });
    expect(lines[1]).not.toHaveProperty('correlationId');
  });
});
