import middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger, withLogContext } from '../../functions/adapters/logger.ts';
import { logContext } from '../../functions/http/log-context.ts';

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
  const api = middy<APIGatewayProxyEventV2, void>()
    .use(logContext())
    .handler(async () => logger.info('handled'));

  it('write one JSON line with the service, the Lambda request id and the caller’s correlation id', async () => {
    await api(httpEvent({ 'X-Correlation-Id': 'from-caller' }), context('lambda-1'));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'handled',
        service: 'pickem',
        function_request_id: 'lambda-1',
        correlationId: 'from-caller',
      }),
    ]);
  });

  it('take API Gateway’s request id as correlation id when the caller sends none', async () => {
    await api(httpEvent({}), context('lambda-2'));
    expect(lines[0]).toMatchObject({ function_request_id: 'lambda-2', correlationId: 'api-request-1' });
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
