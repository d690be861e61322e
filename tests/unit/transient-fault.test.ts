// AWS's bad minute is a 503 with a retry-after, never a 500: a throttle, AWS's own fault, a timeout or a broken
// connection that outlasted the SDK's retries. The errors are the SDK's own: its exception classes, and the ones it
// makes from AWS's answers and from sockets (a server on 127.0.0.1 answers as AWS does, or hangs, or hangs up).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  GetItemCommand,
  InternalServerError,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { TooManyRequestsException as LambdaTooManyRequests } from '@aws-sdk/client-lambda';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2ServiceException, TooManyRequestsException as SesTooManyRequests } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '#domain/errors.ts';
import { pauseBeforeResending, transientFaultOf } from '../../functions/adapters/transient-fault.ts';
import { errorResponse } from '../../functions/http/errors.ts';
import { useCapturedLogs } from '../support/captured-logs.ts';

const $metadata = {};
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata,
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('transient faults, by the SDK’s exception classes', () => {
  it.each([
    ['ThrottlingException', new ThrottlingException({ message: 'Throughput exceeds the limit', $metadata })],
    [
      'ProvisionedThroughputExceededException',
      new ProvisionedThroughputExceededException({ message: 'The level of configured throughput', $metadata }),
    ],
    ['RequestLimitExceeded', new RequestLimitExceeded({ message: 'Account limit', $metadata })],
    ['InternalServerError', new InternalServerError({ message: 'Internal server error', $metadata })],
    ['TooManyRequestsException', new SesTooManyRequests({ message: 'Too many requests', $metadata })],
    [
      'Throttling',
      new SESv2ServiceException({
        name: 'Throttling',
        $fault: 'client',
        message: 'Maximum sending rate exceeded',
        $metadata,
      }),
    ],
    [
      'TooManyRequestsException',
      new LambdaTooManyRequests({ message: 'Rate exceeded', Reason: 'ConcurrentInvocationLimitExceeded', $metadata }),
    ],
    ['TransactionCanceledException', cancelled('None', 'ThrottlingError')],
    ['TransactionCanceledException', cancelled('TransactionConflict', 'None')],
  ])('%s is transient', (name, error) => {
    expect(transientFaultOf(error)).toBe(name);
  });

  it.each([
    [
      'a failed condition',
      new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata }),
    ],
    ['a transaction cancelled by a condition', cancelled('ConditionalCheckFailed', 'ThrottlingError')],
    ['a transaction cancelled for no reason given', cancelled()],
    ['a domain refusal', new NotFoundError('No such game')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('%s is not', (_label, error) => {
    expect(transientFaultOf(error)).toBeUndefined();
  });
});

describe('transient faults, as the SDK meets them on the wire', () => {
  let answer: (request: IncomingMessage, response: ServerResponse) => void;
  const server = createServer((request, response) => answer(request, response));
  let endpoint: string;
  beforeAll(async () => {
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const awsError = (status: number, type: string) => (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type });
    response.end(JSON.stringify({ __type: type, message: 'Rate exceeded' }));
  };
  const config = (socketTimeout?: number) => ({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    ...(socketTimeout && { requestHandler: { socketTimeout } }),
  });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable(),
      (error: unknown) => error,
    );
  const getItem = (socketTimeout?: number) =>
    failureOf(
      new DynamoDBClient(config(socketTimeout)).send(
        new GetItemCommand({ TableName: 'pickem-state', Key: { PK: { S: 'A' }, SK: { S: 'B' } } }),
      ),
    );

  it('a Secrets Manager throttle', async () => {
    answer = awsError(400, 'ThrottlingException');
    const error = await failureOf(
      new SecretsManagerClient(config()).send(new GetSecretValueCommand({ SecretId: 'jwt' })),
    );
    expect(transientFaultOf(error)).toBe('ThrottlingException');
  });

  it('DynamoDB’s ServiceUnavailable', async () => {
    answer = awsError(503, 'ServiceUnavailable');
    expect(transientFaultOf(await getItem())).toBe('ServiceUnavailable');
  });

  it('an answer that never comes (the SDK’s TimeoutError)', async () => {
    answer = () => undefined;
    expect(transientFaultOf(await getItem(50))).toBe('TimeoutError');
  });

  it('a socket hang up', async () => {
    answer = (request) => request.socket.destroy();
    expect(transientFaultOf(await getItem())).toBe('TimeoutError');
  });

  it('no one listening', async () => {
    const refused = await failureOf(
      new DynamoDBClient({ ...config(), endpoint: 'http://127.0.0.1:9' }).send(
        new GetItemCommand({ TableName: 'pickem-state', Key: { PK: { S: 'A' } } }),
      ),
    );
    expect(transientFaultOf(refused)).toBe('ECONNREFUSED');
  });
});

describe('the answer to a transient fault', () => {
  const logs = useCapturedLogs();
  const lines = () => logs.lines.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line));

  it('is a 503 with a retry-after of a few seconds and the Error shape, logged as a warning naming the fault', () => {
    const answer = errorResponse(new ProvisionedThroughputExceededException({ message: 'Too much', $metadata }));
    expect(answer.statusCode).toBe(503);
    expect(Number(answer.headers!['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(answer.headers!['retry-after'])).toBeLessThanOrEqual(5);
    expect(JSON.parse(answer.body!)).toEqual({
      error: 'The server is busy right now; please try again in a moment.',
      code: 'SERVER_BUSY',
      details: { retryAfterSeconds: Number(answer.headers!['retry-after']) },
    });
    expect(lines()).toEqual([
      expect.objectContaining({ level: 'WARN', awsError: 'ProvisionedThroughputExceededException' }),
    ]);
  });

  it('while a bug is still a 500, logged as an error', () => {
    expect(errorResponse(new TypeError('Cannot read properties of undefined')).statusCode).toBe(500);
    expect(lines()).toEqual([expect.objectContaining({ level: 'ERROR' })]);
  });
});

describe('a batch DynamoDB keeps leaving unprocessed', () => {
  it('ends in the throughput error, which answers 503 like any throttle', async () => {
    const error = await pauseBeforeResending(9, 'BatchWrite').catch((thrown: unknown) => thrown);
    expect(transientFaultOf(error)).toBe('ProvisionedThroughputExceededException');
    await expect(pauseBeforeResending(0, 'BatchWrite')).resolves.toBeUndefined();
  });
});
