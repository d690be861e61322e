// Faults on demand (issue 59): with PICKEM_FAULTS the local twin fails as AWS ordinarily does. A real DynamoDB
// client against dynalite meets the plan's faults as the SDK's own errors, and its retry strategy asks again as on
// AWS; the emulators answer throttles and deliver twice; the stack's shutdown line counts what was injected.
import {
  ConditionalCheckFailedException,
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  InternalServerError,
  PutItemCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { SendEmailCommand, SESv2Client, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobQueue, startAwsEmulator } from '../../infra/local/aws-emulator.ts';
import { type RunningDynalite, startDynalite } from '../../infra/local/dynalite-server.ts';
import { withFaults } from '../../infra/local/fault-middleware.ts';
import { armedLater, createFaults, faultPlanOf, type Faults } from '../../infra/local/faults.ts';
import { startSchedulerEmulator } from '../../infra/local/scheduler-emulator.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { testFolder } from '../support/global-setup.ts';

const local = { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const faultsOf = (PICKEM_FAULTS: string, PICKEM_FAULTS_SEED = '1') =>
  createFaults(faultPlanOf({ PICKEM_FAULTS, PICKEM_FAULTS_SEED })!);
const TableName = 'faults';
const key = (id: string) => ({ id: { S: id } });

let database: RunningDynalite;
beforeAll(async () => {
  database = await startDynalite({ path: undefined, eventsTable: 'events', onCommit: () => undefined });
  await clean().send(
    new CreateTableCommand({
      TableName,
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
});
afterAll(() => database.close());

/** A client of the database without faults, to see what is there. */
const clean = () =>
  new DynamoDBClient({ ...local, endpoint: database.endpoint, requestHandler: database.requestHandler });
const faulty = (faults: Faults, maxAttempts?: number) =>
  withFaults(
    new DynamoDBClient({
      ...local,
      endpoint: database.endpoint,
      requestHandler: database.requestHandler,
      ...(maxAttempts && { maxAttempts }),
    }),
    faults,
  );
const isThere = async (id: string) =>
  (await clean().send(new GetItemCommand({ TableName, Key: key(id), ConsistentRead: true }))).Item !== undefined;

describe('a DynamoDB client under PICKEM_FAULTS', () => {
  it('meets each kind at about its rate, as the SDK’s own errors, and a timed-out write is there', async () => {
    const faults = faultsOf('throttle:0.1,serverError:0.1,timeoutAfterWrite:0.1', '3');
    // One attempt each, so every injected fault reaches the caller.
    const client = faulty(faults, 1);
    const outcomes: { id: string; error: string }[] = [];
    for (let index = 0; index < 300; index++) {
      const id = `rate-${index}`;
      const put = client.send(new PutItemCommand({ TableName, Item: key(id) }));
      outcomes.push(
        await put.then(
          () => ({ id, error: 'none' }),
          (error: Error) => ({ id, error: error.name }),
        ),
      );
    }
    const named = (...names: string[]) => outcomes.filter((outcome) => names.includes(outcome.error));
    const { throttle, serverError, timeoutAfterWrite } = faults.summary();
    expect(named('ProvisionedThroughputExceededException', 'ThrottlingException')).toHaveLength(throttle);
    expect(named('InternalServerError')).toHaveLength(serverError);
    expect(named('TimeoutError')).toHaveLength(timeoutAfterWrite);
    // 30 each expected.
    for (const count of [throttle, serverError, timeoutAfterWrite]) {
      expect(count).toBeGreaterThan(15);
      expect(count).toBeLessThan(50);
    }
    // A throttle or AWS's failure wrote nothing; the timeout came after the write.
    for (const { id } of named('ProvisionedThroughputExceededException', 'ThrottlingException', 'InternalServerError'))
      expect(await isThere(id)).toBe(false);
    for (const { id } of named('TimeoutError', 'none')) expect(await isThere(id)).toBe(true);
  });

  it('is retried by the SDK: a throttled GetItem succeeds after one or two throttles, its attempts counted', async () => {
    await clean().send(new PutItemCommand({ TableName, Item: { ...key('read'), value: { S: 'there' } } }));
    const faults = faultsOf('throttle:0.4', '5');
    const client = faulty(faults, 3);
    for (;;) {
      const before = faults.summary().throttle;
      const got = await client.send(new GetItemCommand({ TableName, Key: key('read') })).catch((error) => error);
      const throttles = faults.summary().throttle - before;
      expect(got.$metadata.attempts).toBe(throttles + (got instanceof Error ? 0 : 1));
      if (got instanceof Error || throttles === 0) continue;
      expect(got.Item?.value).toEqual({ S: 'there' });
      expect(throttles).toBeLessThanOrEqual(2);
      break;
    }
  });

  it('retries a conditional put that timed out after its write, which then fails its own condition', async () => {
    const faults = faultsOf('timeoutAfterWrite:0.3', '11');
    const client = faulty(faults);
    const answers: string[] = [];
    for (let index = 0; index < 20; index++) {
      const id = `once-${index}`;
      const put = new PutItemCommand({ TableName, Item: key(id), ConditionExpression: 'attribute_not_exists(id)' });
      const answer = await client.send(put).catch((error: Error) => error);
      answers.push(answer instanceof Error ? answer.name : 'ok');
      if (answer instanceof ConditionalCheckFailedException) expect(answer.$metadata.attempts).toBeGreaterThan(1);
      // The first attempt's write went through, whatever the caller was told.
      expect(await isThere(id)).toBe(true);
    }
    expect(answers).toContain('ConditionalCheckFailedException');
  });

  it('cancels a transaction for a conflict, which the SDK leaves to the caller', async () => {
    const client = faulty(faultsOf('transactionConflict:1'));
    const write = client.send(
      new TransactWriteItemsCommand({
        TransactItems: [{ Put: { TableName, Item: key('tx-1') } }, { Put: { TableName, Item: key('tx-2') } }],
      }),
    );
    const error = await write.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect((error as TransactionCanceledException).CancellationReasons).toEqual([
      { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' },
      { Code: 'None' },
    ]);
    expect((error as TransactionCanceledException).$metadata.attempts).toBe(1);
  });

  it('answers AWS’s own failure as InternalServerError (HTTP 500), retried until the attempts run out', async () => {
    const error = await faulty(faultsOf('serverError:1'), 2)
      .send(new GetItemCommand({ TableName, Key: key('read') }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).$metadata).toMatchObject({ httpStatusCode: 500, attempts: 2 });
  });
});

describe('faults armed later (the artifact lane arms them once its seed is in)', () => {
  it('meet nothing and count nothing until armed, then as planned', () => {
    const { faults, arm } = armedLater(faultsOf('throttle:1,redeliver:1'));
    const call = { service: 'DYNAMODB' as const, write: true };
    expect([faults.forCall(call), faults.redeliver('stream'), faults.summary().faultsInjected]).toEqual([
      undefined,
      false,
      0,
    ]);
    arm();
    expect([faults.forCall(call), faults.redeliver('stream'), faults.summary().faultsInjected]).toEqual([
      'throttle',
      true,
      2,
    ]);
  });
});

describe('the emulators under PICKEM_FAULTS', () => {
  it('SES answers a throttle, which the SDK retries; a send that timed out after its write was written', async () => {
    const outboxDir = testFolder('faults-outbox-');
    const throttled = await startAwsEmulator({
      invoke: () => undefined,
      outboxDir,
      secrets: {},
      faults: faultsOf('throttle:1'),
    });
    const mail = new SendEmailCommand({
      FromEmailAddress: 'no-reply@example.com',
      Destination: { ToAddresses: ['pat@example.com'] },
      Content: { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Hi' } } } },
    });
    const error = await new SESv2Client({ ...local, endpoint: throttled.endpoint, maxAttempts: 2 })
      .send(mail)
      .catch((caught: unknown) => caught);
    await throttled.close();
    expect(error).toBeInstanceOf(TooManyRequestsException);
    expect((error as TooManyRequestsException).$metadata).toMatchObject({ httpStatusCode: 429, attempts: 2 });
    expect(readdirSync(outboxDir)).toEqual([]);

    const timingOut = await startAwsEmulator({
      invoke: () => undefined,
      outboxDir,
      secrets: {},
      faults: faultsOf('timeoutAfterWrite:1'),
    });
    const timedOut = await new SESv2Client({ ...local, endpoint: timingOut.endpoint, maxAttempts: 1 })
      .send(mail)
      .catch((caught: Error) => caught);
    await timingOut.close();
    expect(timedOut).toMatchObject({ name: 'TimeoutError' });
    expect(readdirSync(outboxDir).filter((file) => file.endsWith('.eml'))).toHaveLength(1);
  });

  it('the Scheduler fires a schedule twice, and its API answers a throttle', async () => {
    let clock = new Date('2026-11-22T19:30:00Z');
    const fired: [unknown, boolean | undefined][] = [];
    const scheduler = await startSchedulerEmulator({
      file: undefined,
      now: () => clock,
      fire: (_target, input, again) => fired.push([input, again]),
      held: true,
      faults: faultsOf('redeliver:1'),
    });
    await new SchedulerClient({ ...local, endpoint: scheduler.endpoint }).send(
      new CreateScheduleCommand({
        Name: 'twice',
        ScheduleExpression: 'rate(1 minute)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: 'arn:aws:lambda:local:0:function:jobs', RoleArn: 'arn:aws:iam::0:role/r', Input: '{"n":1}' },
      }),
    );
    clock = new Date('2026-11-22T19:31:30Z');
    expect(scheduler.fireDue()).toBe(1);
    expect(fired).toEqual([
      [{ n: 1 }, undefined],
      [{ n: 1 }, true],
    ]);
    await scheduler.close();

    const throttled = await startSchedulerEmulator({
      file: undefined,
      now: () => clock,
      fire: () => undefined,
      held: true,
      faults: faultsOf('throttle:1'),
    });
    const error = await new SchedulerClient({ ...local, endpoint: throttled.endpoint, maxAttempts: 1 })
      .send(
        new CreateScheduleCommand({
          Name: 'throttled',
          ScheduleExpression: 'rate(1 minute)',
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: { Arn: 'arn:aws:lambda:local:0:function:jobs', RoleArn: 'arn:aws:iam::0:role/r' },
        }),
      )
      .catch((caught: Error) => caught);
    await throttled.close();
    expect(error).toMatchObject({ name: 'ThrottlingException', $metadata: { httpStatusCode: 429 } });
  });

  it('the invoke emulator retries a failed invocation twice, as Lambda does, and delivers a successful one again', async () => {
    const runs: string[] = [];
    const queue = createJobQueue(
      async (payload) => {
        runs.push(payload as string);
        if (payload === 'fails') throw new Error('the job failed');
      },
      (payload) => payload as string,
      { retries: 2, redeliver: () => faultsOf('redeliver:1').redeliver('invoke') },
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    queue.enqueue('fails');
    queue.enqueue('works');
    await queue.idle();
    errors.mockRestore();
    expect(runs.toSorted()).toEqual(['fails', 'fails', 'fails', 'works', 'works']);
  });
});

describe('the local stack under PICKEM_FAULTS', () => {
  it('redelivers stream batches to the projector, and its shutdown line counts the faults by kind', async () => {
    const stack = await startLocalStack({
      dataDir: undefined,
      port: 0,
      seed: false,
      webRoot: '/nonexistent',
      settings: { PICKEM_FAULTS: 'serverError:0.05,redeliver:1', PICKEM_FAULTS_SEED: '2' },
    });
    const commit = { at: '2026-11-22T19:30:00Z', actor: 'test', correlationId: 'faults' };
    await stack.deps.events.append('faults#1', 0, [], commit);
    await stack.deps.events.append('faults#1', 1, [], commit);
    for (let index = 0; index < 50; index++)
      await stack.deps.db.send(new GetCommand({ TableName: stack.deps.tables.state, Key: { PK: 'none', SK: 'none' } }));
    await stack.settled();
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    await stack.close();
    log.mockRestore();

    const shutdown = JSON.parse(lines.find((line) => line.includes('"faultsInjected"'))!);
    expect(shutdown).toEqual(stack.faults());
    expect(shutdown.redeliver).toBeGreaterThanOrEqual(1);
    expect(shutdown.serverError).toBeGreaterThanOrEqual(1);
    expect(shutdown.faultsInjected).toBe(shutdown.serverError + shutdown.redeliver);
    expect(shutdown.seed).toBe(2);
  });
});
