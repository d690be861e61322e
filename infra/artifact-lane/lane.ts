// The artifact lane: what CDK ships (cdk.out), run as AWS runs it. Every function of ours is its bundle in sandboxes
// of its own (infra/artifact-lane/function-sandboxes.ts) with the environment its template gives it, Refs resolved to
// the lane's tables and emulators (infra/artifact-lane/template.ts). AWS's callers are played in AWS's event shapes:
// API Gateway (payload 2.0, the template's routes, behind CloudFront's origin header), the events stream's mapping
// (DynamoDB Streams records, batchItemFailures), asynchronous invocations of the jobs function, the Scheduler, a
// deploy's CodeDeploy hook and trigger, Secrets Manager's rotation steps. Every AWS call a function makes passes an
// IAM check against its own role's policies from the template (infra/artifact-lane/iam-proxy.ts).
import { CreateTableCommand, DynamoDBClient, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { RotateSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { toApiGatewayEvent } from '../local/api-server.ts';
import { startAwsEmulator, type SyncAnswer } from '../local/aws-emulator.ts';
import { startDynalite } from '../local/dynalite-server.ts';
import { startSchedulerEmulator } from '../local/scheduler-emulator.ts';
import { createStreamEmulator } from '../local/stream-emulator.ts';
import { type FunctionSandboxes, functionSandboxes, type InvocationResult } from './function-sandboxes.ts';
import { startCloudFrontEmulator } from './cloudfront-emulator.ts';
import { startIamProxy } from './iam-proxy.ts';
import { type LaneFunction, laneAccount, readAssembly, resolveAssembly, type TableProperties } from './template.ts';

export interface LaneOptions {
  cdkOut: string;
  workDir: string;
  /** The functions' clock (PICKEM_NOW), moving from this instant. */
  now: string;
}

/** The lane's own credentials (its seed and checks), which no function has: they reach the emulators directly. */
const laneCredentials = { accessKeyId: 'lane-operator', secretAccessKey: 'lane' };

const regionOf = (cdkOut: string) => {
  const manifest = JSON.parse(readFileSync(join(cdkOut, 'manifest.json'), 'utf8'));
  const environment = String(manifest.artifacts.PickemApi.environment);
  return environment.split('/').at(-1)!;
};

interface ScheduleProperties {
  Name: string;
  GroupName?: string;
  ScheduleExpression: string;
  Target: { Arn: string; RoleArn: string; Input?: string };
}

interface CfnOrigin {
  Id: string;
  DomainName: string;
  OriginCustomHeaders?: { HeaderName: string; HeaderValue: string }[];
}

interface RotationScheduleProperties {
  SecretId: string;
  RotationLambdaARN: string;
}

const hashKey = (schema: TableProperties['KeySchema']) => schema.find((key) => key.KeyType === 'HASH')!.AttributeName;

/** A function's access key in the lane: the proxies know the caller by it. */
const accessKeyOf = (fn: LaneFunction) => `AKIA${fn.logicalId}`.slice(0, 64);

export async function startLane({ cdkOut, workDir, now }: LaneOptions) {
  const region = regionOf(cdkOut);
  const assembly = resolveAssembly(readAssembly(cdkOut), region);
  // Ours: CDK's own provider functions (the deploy trigger's) play no part here; the lane plays their caller.
  const functions = assembly.functions.filter((fn) => fn.environment.POWERTOOLS_SERVICE_NAME);
  let clockOffset = Date.parse(now) - Date.now();
  const outboxDir = join(workDir, 'outbox');
  mkdirSync(workDir, { recursive: true });

  const eventsTable = assembly.tables.find((table) =>
    assembly.eventSources.some((source) => source.EventSourceArn.startsWith(`${table.arn}/stream/`)),
  )!;
  const streamMapping = assembly.eventSources[0]!;
  const database = await startDynalite({
    path: undefined,
    eventsTable: eventsTable.name,
    onCommit: (image) => stream.push(image),
  });

  const sandboxes = new Map<string, FunctionSandboxes>();
  const sandboxOf = (nameOrArn: string) => {
    const fn = assembly.functionByArn(nameOrArn);
    const found = fn && sandboxes.get(fn.logicalId);
    if (!found) throw new Error(`No function of the lane answers to ${nameOrArn}`);
    return found;
  };
  const invocations = { sync: 0, async: 0, stream: 0, errors: [] as string[] };
  const noteError = (what: string, outcome: InvocationResult) => {
    if (outcome.error) invocations.errors.push(`${what}: ${outcome.error.errorType}: ${outcome.error.errorMessage}`);
    return outcome;
  };
  /** Lambda's Invoke: a sync one answers the result; an Event one is queued and retried twice on an error. */
  async function invoke(
    nameOrArn: string,
    event: unknown,
    type: 'Event' | 'RequestResponse',
  ): Promise<SyncAnswer | undefined> {
    const target = sandboxOf(nameOrArn);
    if (type === 'RequestResponse') {
      invocations.sync += 1;
      const outcome = noteError(`${target.fn.name} (sync)`, await target.invoke(event, qualified(nameOrArn)));
      return outcome.error
        ? ({ payload: outcome.error, functionError: 'Unhandled' } satisfies SyncAnswer)
        : ({ payload: outcome.result } satisfies SyncAnswer);
    }
    invocations.async += 1;
    const run = async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const outcome = await target.invoke(event, qualified(nameOrArn));
        if (!outcome.error) return;
        noteError(`${target.fn.name} (event, attempt ${attempt + 1})`, outcome);
      }
    };
    const running: Promise<void> = run().finally(() => asyncRuns.delete(running));
    asyncRuns.add(running);
    return undefined;
  }
  const asyncRuns = new Set<Promise<void>>();
  const qualified = (nameOrArn: string) =>
    nameOrArn.startsWith('arn:') ? nameOrArn : `arn:aws:lambda:${region}:${laneAccount}:function:${nameOrArn}`;

  const stream = createStreamEmulator({
    tableArn: streamMapping.EventSourceArn,
    batchSize: streamMapping.BatchSize,
    consumer: async (event: DynamoDBStreamEvent) => {
      invocations.stream += 1;
      const outcome = noteError(
        'stream batch',
        await sandboxOf(streamMapping.invokedArn).invoke(event, streamMapping.invokedArn),
      );
      if (outcome.error) throw new Error(outcome.error.errorMessage);
      return outcome.result as DynamoDBBatchResponse;
    },
  });

  const secretValues = Object.fromEntries(
    assembly
      .resourcesOf('AWS::SecretsManager::Secret')
      .map(({ stack, id }) => [assembly.ref(stack, id), randomBytes(48).toString('base64url')]),
  );
  const hookStatuses = new Map<string, string>();
  const aws = await startAwsEmulator({
    invoke,
    outboxDir,
    secrets: secretValues,
    onHookStatus: ({ deploymentId, status }) => hookStatuses.set(deploymentId, status),
  });
  const scheduler = await startSchedulerEmulator({
    file: undefined,
    now: () => new Date(Date.now() + clockOffset),
    fire: (targetArn, input) => void invoke(targetArn, input, 'Event'),
  });
  // The schedules the stack deploys itself (the minute's maintenance).
  for (const { stack, resource } of assembly.resourcesOf('AWS::Scheduler::Schedule')) {
    const schedule = assembly.resolve(stack, resource.Properties) as ScheduleProperties;
    scheduler.define({
      Name: schedule.Name,
      GroupName: schedule.GroupName ?? 'default',
      ScheduleExpression: schedule.ScheduleExpression,
      Target: { Arn: schedule.Target.Arn, RoleArn: schedule.Target.RoleArn, Input: schedule.Target.Input },
    });
  }

  // The distribution in front of the API, as the web stack deploys it: its origins' headers name secrets by
  // CloudFormation's dynamic references, which the lane resolves to the secrets' values.
  const distribution = assembly.resourcesOf('AWS::CloudFront::Distribution')[0]!;
  const withSecrets = (text: string) =>
    text.replace(/\{\{resolve:secretsmanager:(.+?):SecretString:::\}\}/g, (_, arn: string) => secretValues[arn]!);
  const cloudFront = await startCloudFrontEmulator(
    assembly.ref(distribution.stack, distribution.id),
    (
      assembly.resolve(distribution.stack, distribution.resource.Properties) as {
        DistributionConfig: { Origins: CfnOrigin[] };
      }
    ).DistributionConfig.Origins.map((origin) => ({
      id: origin.Id,
      domainName: origin.DomainName,
      headers: Object.fromEntries(
        (origin.OriginCustomHeaders ?? []).map((header) => [header.HeaderName, withSecrets(header.HeaderValue)]),
      ),
    })),
  );

  const deployments = new Map<string, string>();
  const tables = Object.fromEntries(
    assembly.tables.map((table) => [
      table.name,
      {
        partitionKey: hashKey(table.properties.KeySchema),
        indexes: Object.fromEntries(
          (table.properties.GlobalSecondaryIndexes ?? []).map((index) => [index.IndexName, hashKey(index.KeySchema)]),
        ),
      },
    ]),
  );
  const callers = new Map(
    functions.map((fn) => [accessKeyOf(fn), { name: fn.name, roleArn: fn.roleArn, policies: fn.policies }]),
  );
  const proxyOptions = {
    callerOf: (accessKeyId: string) => callers.get(accessKeyId),
    account: laneAccount,
    region,
    tables,
    deploymentGroupOf: (deploymentId: string) => deployments.get(deploymentId),
  };
  const proxies = {
    dynamodb: await startIamProxy({ ...proxyOptions, upstream: database.endpoint }),
    aws: await startIamProxy({ ...proxyOptions, upstream: aws.endpoint }),
    scheduler: await startIamProxy({ ...proxyOptions, upstream: scheduler.endpoint }),
    cloudFront: await startIamProxy({ ...proxyOptions, upstream: cloudFront.endpoint }),
  };

  const coldStarts: { fn: string; initMs: number; processMs: number }[] = [];
  const exits: string[] = [];
  for (const fn of functions)
    sandboxes.set(
      fn.logicalId,
      functionSandboxes(fn, {
        cdkOut,
        workDir: join(workDir, 'task-roots'),
        environmentOf: (f) => ({
          // What Lambda sets in every sandbox.
          AWS_REGION: region,
          AWS_DEFAULT_REGION: region,
          AWS_ACCESS_KEY_ID: accessKeyOf(f),
          AWS_SECRET_ACCESS_KEY: 'lane',
          AWS_SESSION_TOKEN: `session-of-${f.logicalId}`,
          AWS_LAMBDA_FUNCTION_NAME: f.name,
          AWS_LAMBDA_FUNCTION_VERSION: '1',
          AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(f.memoryMb),
          AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${f.name}`,
          AWS_EXECUTION_ENV: `AWS_Lambda_${f.runtime}`,
          LAMBDA_TASK_ROOT: join(workDir, 'task-roots', f.logicalId),
          _HANDLER: f.handler,
          TZ: ':UTC',
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          // Where the lane has AWS: every endpoint is an IAM proxy in front of an emulator.
          AWS_ENDPOINT_URL_DYNAMODB: proxies.dynamodb.endpoint,
          AWS_ENDPOINT_URL_LAMBDA: proxies.aws.endpoint,
          AWS_ENDPOINT_URL_SESV2: proxies.aws.endpoint,
          AWS_ENDPOINT_URL_SECRETS_MANAGER: proxies.aws.endpoint,
          AWS_ENDPOINT_URL_CODEDEPLOY: proxies.aws.endpoint,
          AWS_ENDPOINT_URL_SCHEDULER: proxies.scheduler.endpoint,
          AWS_ENDPOINT_URL_CLOUDFRONT: proxies.cloudFront.endpoint,
          // The one thing the lane adds to a template's environment: the clock, so a game day is reproducible.
          PICKEM_NOW: new Date(Date.now() + clockOffset).toISOString(),
          POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
        }),
        onColdStart: (f, initMs, processMs) => coldStarts.push({ fn: f.name, initMs, processMs }),
        onExit: (f, code) => exits.push(`${f.name} exited ${code}`),
      }),
    );

  const tableClient = new DynamoDBClient({ region, endpoint: database.endpoint, credentials: laneCredentials });
  for (const table of assembly.tables) {
    const { KeySchema, AttributeDefinitions, GlobalSecondaryIndexes, StreamSpecification } = table.properties;
    await tableClient.send(
      new CreateTableCommand({
        TableName: table.name,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema,
        AttributeDefinitions,
        GlobalSecondaryIndexes,
        StreamSpecification: StreamSpecification && { StreamEnabled: true, ...StreamSpecification },
      }),
    );
    await waitUntilTableExists({ client: tableClient, maxWaitTime: 60 }, { TableName: table.name });
  }
  const secrets = new SecretsManagerClient({ region, endpoint: aws.endpoint, credentials: laneCredentials });

  // CloudFront in front of API Gateway: the distribution's origin headers (the origin-verify value) on every request.
  // The API's origin, as the web stack names it: the HTTP API's endpoint host.
  const api = assembly.resourcesOf('AWS::ApiGatewayV2::Api')[0]!;
  const apiHost = String(assembly.resolve(api.stack, { 'Fn::GetAtt': [api.id, 'ApiEndpoint'] })).split('/')[2]!;
  const routesCalled = new Set<string>();
  const front: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://lane');
    const routeKey = `${req.method} ${url.pathname}`;
    const route = assembly.routes.get(routeKey);
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'Not Found' }));
    }
    routesCalled.add(routeKey);
    const event = toApiGatewayEvent({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: { ...req.headers, ...cloudFront.headersFor(apiHost) },
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

  /** Resolves once every invocation queued so far, every committed event and every job has settled. */
  async function settled() {
    for (let round = 0; round < 50; round++) {
      await database.flush();
      await stream.idle();
      if (asyncRuns.size === 0) {
        await database.flush();
        await stream.idle();
        if (asyncRuns.size === 0) return;
      }
      await Promise.all(asyncRuns);
    }
  }

  /** A deploy as CloudFormation and CodeDeploy run it: the pre-traffic hook, then the trigger that reconciles. */
  async function deploy() {
    const hook = functions.find((fn) => fn.environment.JOBS_VERSION_ARN)!;
    const group = assembly.resourcesOf('AWS::CodeDeploy::DeploymentGroup')[0]!;
    const application = assembly.resourcesOf('AWS::CodeDeploy::Application')[0]!;
    const deploymentId = `d-${randomUUID().slice(0, 9).toUpperCase()}`;
    deployments.set(
      deploymentId,
      `arn:aws:codedeploy:${region}:${laneAccount}:deploymentgroup:${assembly.ref(application.stack, application.id)}/${assembly.ref(group.stack, group.id)}`,
    );
    const outcome = noteError(
      'pre-traffic hook',
      await sandboxes
        .get(hook.logicalId)!
        .invoke({ DeploymentId: deploymentId, LifecycleEventHookExecutionId: randomUUID() }),
    );
    const trigger = assembly.resourcesOf('Custom::Trigger')[0]!;
    const handlerArn = String(assembly.resolve(trigger.stack, trigger.resource.Properties!.HandlerArn));
    const reconciled = await invoke(handlerArn, {}, 'RequestResponse');
    return { hook: outcome.result, hookStatus: hookStatuses.get(deploymentId), reconciled: reconciled?.payload };
  }

  /** Secrets Manager's rotation of a secret: a pending version, then the rotation function's four steps. */
  async function rotate(secretArn: string) {
    const schedule = assembly
      .resourcesOf('AWS::SecretsManager::RotationSchedule')
      .map(({ stack, resource }) => assembly.resolve(stack, resource.Properties) as RotationScheduleProperties)
      .find((properties) => properties.SecretId === secretArn);
    if (!schedule) throw new Error(`${secretArn} has no rotation schedule`);
    const token = randomUUID();
    await secrets.send(new RotateSecretCommand({ SecretId: secretArn, ClientRequestToken: token }));
    const rotation = sandboxOf(schedule.RotationLambdaARN);
    const steps: Record<string, unknown> = {};
    for (const Step of ['createSecret', 'setSecret', 'testSecret', 'finishSecret'])
      steps[Step] =
        noteError(`rotation ${Step}`, await rotation.invoke({ SecretId: secretArn, ClientRequestToken: token, Step }))
          .error ?? 'ok';
    return steps;
  }

  /**
   * Days pass: the clock moves to the instant, and every sandbox ends (Lambda recycles them), so the next invocations
   * start on the new clock.
   */
  async function advanceClock(to: string) {
    await settled();
    clockOffset = Date.parse(to) - Date.now();
    for (const sandbox of sandboxes.values()) sandbox.recycle();
  }

  async function close() {
    await new Promise<void>((done) => front.close(() => done()));
    front.closeAllConnections();
    await settled();
    stream.stop();
    await Promise.all([...sandboxes.values()].map((sandbox) => sandbox.close()));
    await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
    await cloudFront.close();
    await aws.close();
    await scheduler.close();
    await database.close();
    tableClient.destroy();
    secrets.destroy();
  }

  return {
    url,
    region,
    assembly,
    functions,
    sandboxes,
    outboxDir,
    database,
    scheduler,
    invocations,
    coldStarts,
    exits,
    routesCalled,
    proxies,
    cloudFront,
    apiHost,
    /** Settings for the lane's own code (a seed, its checks): the tables, the database, its own credentials. */
    operatorSettings: {
      AWS_REGION: region,
      AWS_ACCESS_KEY_ID: laneCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: laneCredentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: database.endpoint,
      PICKEM_NOW: now,
      ...Object.fromEntries(
        Object.entries(functions.find((fn) => fn.environment.EVENTS_TABLE)!.environment).filter(([name]) =>
          name.endsWith('_TABLE'),
        ),
      ),
    },
    secretValues,
    settled,
    deploy,
    rotate,
    advanceClock,
    invoke,
    close,
  };
}

export type Lane = Awaited<ReturnType<typeof startLane>>;
