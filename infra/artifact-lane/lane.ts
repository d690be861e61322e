// The artifact lane: what CDK ships (cdk.out), run as AWS runs it. Every function of ours is its bundle in sandboxes
// of its own (infra/artifact-lane/function-sandboxes.ts) with the environment its template gives it, Refs resolved to
// the lane's tables and emulators (infra/artifact-lane/template.ts). AWS's callers are played in AWS's event shapes:
// API Gateway (payload 2.0, the template's routes, behind CloudFront's origin header), the events stream's mapping
// (DynamoDB Streams records, batchItemFailures), asynchronous invocations of the jobs function, the Scheduler, a
// deploy's CodeDeploy hook and trigger, Secrets Manager's rotation steps. Every AWS call a function makes passes an
// IAM check against its own role's policies from the template (infra/artifact-lane/iam-proxy.ts). Here the lane is
// wired; its callers are files of their own: the routes (api-front.ts), Lambda's Invoke (lambda-invoker.ts), deploys
// and rotations (deploys-and-rotations.ts).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startAwsEmulator } from '../local/aws-emulator.ts';
import { startDynalite } from '../local/dynalite-server.ts';
import { startSchedulerEmulator } from '../local/scheduler-emulator.ts';
import type { Faults } from '../local/faults.ts';
import { createStreamEmulator } from '../local/stream-emulator.ts';
import { startApiFront } from './api-front.ts';
import { laneAccount, readAssembly } from './cloud-assembly.ts';
import { startCloudFrontEmulator } from './cloudfront-emulator.ts';
import { createTables, deployedDistribution, deployedSchedules, tableKeysOf } from './deployed-resources.ts';
import { deploysAndRotations } from './deploys-and-rotations.ts';
import { type FunctionSandboxes, functionSandboxes } from './function-sandboxes.ts';
import { startIamProxy } from './iam-proxy.ts';
import { lambdaInvoker } from './lambda-invoker.ts';
import { accessKeyOf, sandboxEnvironment } from './sandbox-environment.ts';
import { resolveAssembly } from './template.ts';

export interface LaneOptions {
  cdkOut: string;
  workDir: string;
  /** The functions' clock (PICKEM_NOW), moving from this instant. */
  now: string;
  /** PICKEM_FAULTS's faults: the functions' AWS calls and the lane's deliveries meet them as in the local stack. */
  faults?: Faults | undefined;
}

/** The lane's own credentials (its seed and checks), which no function has: they reach the emulators directly. */
const laneCredentials = { accessKeyId: 'lane-operator', secretAccessKey: 'lane' };

const regionOf = (cdkOut: string) => {
  const manifest = JSON.parse(readFileSync(join(cdkOut, 'manifest.json'), 'utf8'));
  const environment = String(manifest.artifacts.PickemApi.environment);
  return environment.split('/').at(-1)!;
};

export async function startLane({ cdkOut, workDir, now, faults }: LaneOptions) {
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
  const { invocations, noteError, invoke, asyncRuns } = lambdaInvoker(region, sandboxOf);

  const stream = createStreamEmulator({
    tableArn: streamMapping.EventSourceArn,
    batchSize: streamMapping.BatchSize,
    redeliver: faults && (() => faults.redeliver('stream')),
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
    faults,
  });
  const scheduler = await startSchedulerEmulator({
    file: undefined,
    now: () => new Date(Date.now() + clockOffset),
    fire: (targetArn, input) => void invoke(targetArn, input, 'Event'),
    faults,
  });
  // The schedules the stack deploys itself (the minute's maintenance).
  for (const schedule of deployedSchedules(assembly)) scheduler.define(schedule);

  // The distribution in front of the API, as the web stack deploys it: its origins' headers name secrets by
  // CloudFormation's dynamic references, which the lane resolves to the secrets' values.
  const distribution = deployedDistribution(assembly, secretValues);
  const cloudFront = await startCloudFrontEmulator(distribution.id, distribution.origins);

  const deployments = new Map<string, string>();
  const tables = tableKeysOf(assembly.tables);
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
    dynamodb: await startIamProxy({ ...proxyOptions, upstream: database.endpoint, faults }),
    aws: await startIamProxy({ ...proxyOptions, upstream: aws.endpoint, upstreamFaults: faults !== undefined }),
    scheduler: await startIamProxy({
      ...proxyOptions,
      upstream: scheduler.endpoint,
      upstreamFaults: faults !== undefined,
    }),
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
        environmentOf: (f) =>
          sandboxEnvironment(f, { region, workDir, proxies, now: new Date(Date.now() + clockOffset) }),
        onColdStart: (f, initMs, processMs) => coldStarts.push({ fn: f.name, initMs, processMs }),
        onExit: (f, code) => exits.push(`${f.name} exited ${code}`),
      }),
    );

  const tableClient = new DynamoDBClient({ region, endpoint: database.endpoint, credentials: laneCredentials });
  await createTables(tableClient, assembly.tables);
  const secrets = new SecretsManagerClient({ region, endpoint: aws.endpoint, credentials: laneCredentials });

  // CloudFront in front of API Gateway: the distribution's origin headers (the origin-verify value) on every request.
  // The API's origin, as the web stack names it: the HTTP API's endpoint host.
  const api = assembly.resourcesOf('AWS::ApiGatewayV2::Api')[0]!;
  const apiHost = String(assembly.resolve(api.stack, { 'Fn::GetAtt': [api.id, 'ApiEndpoint'] })).split('/')[2]!;
  const front = await startApiFront({
    routes: assembly.routes,
    sandboxes,
    noteError,
    originHeaders: () => cloudFront.headersFor(apiHost),
  });

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

  const { deploy, rotate } = deploysAndRotations({
    region,
    assembly,
    functions,
    sandboxes,
    sandboxOf,
    invoker: { invoke, noteError },
    deployments,
    hookStatuses,
    secrets,
  });

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
    await front.close();
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
    url: front.url,
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
    routesCalled: front.routesCalled,
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
