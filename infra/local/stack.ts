// The embedded local stack: dynalite, the stream emulator feeding the projector, the job queue
// running the jobs handler, the AWS emulator, the Scheduler emulator firing the process schedules and the
// minute's maintenance (which re-runs the jobs a crash abandoned), and the API server. It starts as a release
// does on AWS (functions/lifecycle/start-up.ts). Every handler runs on the stack's one set of deps, built from the
// stack's own settings as a Lambda's are from its environment (the password cost aside): the process's environment
// is left alone, so stacks in one process (a test run's files) do not share a feed or a season.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { clockFromEnv } from '../../functions/adapters/clock.ts';
import { awsClientConfig } from '../../functions/adapters/aws-client-config.ts';
import { type Deps, depsFromEnv } from '../../functions/adapters/deps.ts';
import { reconcileSchedules } from '../../functions/jobs/reconcile-schedules.ts';
import { armSelfSetSchedules } from '../../functions/jobs/self-set-schedules.ts';
import { jobsFunction, type JobsEvent } from '../../functions/jobs/handler.ts';
import type { LifecycleOperation } from '../../functions/lifecycle/operations.ts';
import { projectorFunction } from '../../functions/projector/handler.ts';
import { areas, createAreaHandler } from '../../functions/http/routes.ts';
import { scryptPasswords } from '../../functions/adapters/passwords.ts';
import { rebuildViews } from '../../functions/projector/rebuild.ts';
import { maintain } from '../../functions/lifecycle/maintenance.ts';
import { maintenanceSchedule } from '../../functions/lifecycle/maintenance-schedule.ts';
import { startUp } from '../../functions/lifecycle/start-up.ts';
import { againWhileTransient } from '../../functions/adapters/transient-fault.ts';
import { isSeeded, queueDemoScoreImports, seedDemo } from '../../functions/seed/demo-seed.ts';
import { localTableNames } from '../../functions/store/tables.ts';
import { createApiServer } from './api-server.ts';
import type { LocalStackOptions, SnapshotNote } from './stack-options.ts';
import { createJobQueue, startAwsEmulator } from './aws-emulator.ts';
import { createMissingTables } from './bootstrap-tables.ts';
import { withDynamoLimits } from './dynamo-limits.ts';
import { withFaults } from './fault-middleware.ts';
import { createFaults, faultPlanOf } from './faults.ts';
import { jwtSecretId, localSettings, signingSecret, vapidKeyPair, vapidSecretId } from './local-settings.ts';
import { startSchedulerEmulator } from './scheduler-emulator.ts';
import { startDynalite } from './dynalite-server.ts';
import { committedImages, createStreamEmulator } from './stream-emulator.ts';

const processScheduleGroup = 'pickem-processes';

export async function startLocalStack(options: LocalStackOptions) {
  const { dataDir, port, seed, now } = options;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const outboxDir = dataDir ? join(dataDir, 'outbox') : join(tmpdir(), `pickem-outbox-${process.pid}-${Date.now()}`);
  const names = localTableNames();
  // The handlers' settings, the stack's own over those passed; the endpoints follow once the emulators listen.
  const settings: Record<string, string | undefined> = { ...options.settings, ...localSettings(names) };
  // PICKEM_FAULTS: AWS's ordinary failures, injected into the handlers' calls and the emulators' deliveries.
  const plan = faultPlanOf(settings);
  const faults = plan && createFaults(plan);
  if (plan) console.log(JSON.stringify({ faults: plan.rates, seed: plan.seed }));
  // The one the SDK reads from the process itself. Lambdas run on Node 24; only this local runtime may be on Node 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const database = await startDynalite({
    path: dataDir && join(dataDir, 'db'),
    eventsTable: names.events,
    onCommit: (image) => stream.push(image),
    restoreFrom: options.startFrom && join(options.startFrom, 'db.bin'),
  });
  const snapshot = database.restored
    ? (JSON.parse(readFileSync(join(options.startFrom!, 'snapshot.json'), 'utf8')) as SnapshotNote)
    : undefined;
  if (snapshot && existsSync(join(options.startFrom!, 'outbox')))
    cpSync(join(options.startFrom!, 'outbox'), outboxDir, { recursive: true });
  // On a data folder the checkpoint goes with the restored tables at once: a crash before the first delivery must
  // not find tables without one.
  if (snapshot && dataDir) writeFileSync(join(dataDir, 'stream-checkpoint.json'), JSON.stringify(snapshot.checkpoint));

  const stream = createStreamEmulator({
    consumer: (event) => projector(event),
    tableArn: `arn:aws:dynamodb:local:000000000000:table/${names.events}`,
    checkpointFile: dataDir && join(dataDir, 'stream-checkpoint.json'),
    checkpoint: snapshot?.checkpoint,
    deadLetterFile: dataDir && join(dataDir, 'stream-dead-letters.jsonl'),
    redeliver: faults && (() => faults.redeliver('stream')),
  });
  // A schedule may fire while the tables are made (a restart on a folder): its job waits for the handlers.
  let handlersMade!: () => void;
  const handlersReady = new Promise<void>((resolve) => (handlersMade = resolve));
  const jobs = createJobQueue(
    async (payload) => {
      await handlersReady;
      return runJobs(payload as JobsEvent);
    },
    (payload) => {
      const event = payload as JobsEvent | LifecycleOperation;
      if ('operation' in event) return `operation#${event.operation}`;
      return 'jobId' in event
        ? `${event.clientId}#${event.jobId}`
        : `process#${event.processId}#${event.scheduledTime}`;
    },
    faults && { retries: 2, redeliver: () => faults.redeliver('invoke') },
  );
  const aws = await startAwsEmulator({
    invoke: (_name, payload) => jobs.enqueue(payload),
    outboxDir,
    secrets: { [jwtSecretId]: signingSecret(dataDir), [vapidSecretId]: vapidKeyPair(dataDir) },
    faults,
  });
  const jobsFunctionArn = 'arn:aws:lambda:local:000000000000:function:pickem-jobs';
  // One clock for the whole stack: the Scheduler and every handler read the same running time.
  const stackClock = clockFromEnv(now);
  const scheduler = await startSchedulerEmulator({
    file: dataDir && join(dataDir, 'schedules.json'),
    now: () => stackClock.now(),
    fire: (_target, input, again) => jobs.enqueue(input, again),
    held: options.holdSchedules,
    faults,
  });
  // The maintenance's schedule, as the CDK app deploys it.
  scheduler.define({
    Name: maintenanceSchedule.name,
    GroupName: maintenanceSchedule.group,
    ScheduleExpression: maintenanceSchedule.expression,
    Target: {
      Arn: jobsFunctionArn,
      RoleArn: 'arn:aws:iam::000000000000:role/pickem-scheduler',
      Input: JSON.stringify(maintenanceSchedule.input),
    },
  });
  Object.assign(settings, {
    AWS_ENDPOINT_URL_DYNAMODB: database.endpoint,
    AWS_ENDPOINT_URL_LAMBDA: aws.endpoint,
    AWS_ENDPOINT_URL_SESV2: aws.endpoint,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: aws.endpoint,
    AWS_ENDPOINT_URL_SCHEDULER: scheduler.endpoint,
    SCHEDULE_GROUP: processScheduleGroup,
    JOBS_FUNCTION_ARN: jobsFunctionArn,
    SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/pickem-scheduler',
  });

  // The stack's clients reach the database over its thread's port; another process's, over its endpoint.
  const databaseClient = () =>
    new DynamoDBClient({ ...awsClientConfig(settings, 'DYNAMODB'), requestHandler: database.requestHandler });
  const admin = databaseClient();
  await createMissingTables(admin, names);
  // Every handler of this stack runs on these deps, as each Lambda runs on the ones its environment gives.
  const deps: Deps = {
    ...depsFromEnv(settings, withFaults(withDynamoLimits(databaseClient()), faults)),
    clock: stackClock,
    passwords: scryptPasswords(options.passwordCost),
    // dynalite writes an item's index entries before it answers.
    indexLagMs: 0,
    ...(options.liveReadsMs && { liveReadsMs: options.liveReadsMs }),
  };
  const projector = projectorFunction(() => deps);
  const runJobs = jobsFunction(() => deps);
  handlersMade();
  const areaHandlers = new Map(areas.map((area) => [area, createAreaHandler(area, () => deps)]));
  // The API answers once the stack has started; it listens first, so mailed links (a repair's) know its address.
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const server = createApiServer(resolve(options.webRoot ?? 'web/dist'), (area) => async (event, context) => {
    await ready;
    return areaHandlers.get(area)!(event, context);
  });
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  // Mailed links point here (the demo tenant) or at {domain}.localhost on this port, never at a request's Host.
  settings.PUBLIC_BASE_URL = url;

  async function close() {
    await new Promise<void>((done) => server.close(() => done()));
    server.closeAllConnections();
    await database.flush();
    await stream.idle();
    stream.stop();
    await aws.close();
    await scheduler.close();
    await database.close();
    admin.destroy();
    // Without a data folder the outbox was the stack's own temporary folder.
    if (!dataDir) rmSync(outboxDir, { recursive: true, force: true });
    if (faults) console.log(JSON.stringify(faults.summary()));
  }

  /** Resolves when every committed event so far has reached the projector and every job has run. */
  async function settled() {
    await jobs.idle();
    await database.flush();
    await stream.idle();
  }

  let caughtUp: number;
  try {
    caughtUp = await startStack();
  } catch (error) {
    // A start that failed lets go of its port, database and emulators: the process may go on, or start again.
    await close().catch(() => undefined);
    throw error;
  }

  async function startStack() {
    // No older version serves views here, so the start-up also drops every other layout.
    const startedUp = await againWhileTransient(() => startUp(deps, { pruneOtherLayouts: true }), 'Start-up');
    if (startedUp.rebuilt?.events)
      console.log(
        `Views were of an older layout: rebuilt from ${startedUp.rebuilt.events} events in ${startedUp.rebuilt.seconds.toFixed(1)} s`,
      );
    for (const [name, count] of Object.entries(startedUp.migrated))
      if (count) console.log(`Migration ${name}: ${count} item(s) moved`);
    if (startedUp.accountsFinished)
      console.log(`Finished ${startedUp.accountsFinished} account(s) a crash had left half-made`);
    if (startedUp.clientsFinished)
      console.log(`Finished ${startedUp.clientsFinished} client(s) a crash had left without their roles`);
    const caughtUp = snapshot?.complete ? 0 : stream.catchUp(await committedImages(admin, names.events));

    if (seed && !(await isSeeded(deps))) {
      // The seed's views are folded once from its events, as a layout change rebuilds them (0.7 s), instead of
      // projected commit by commit (6 s after the seed's own 6 s). A crash before passHeld leaves the checkpoint
      // behind, so the next start delivers the seed's commits again; projecting twice changes nothing.
      await stream.idle();
      stream.hold();
      await againWhileTransient(() => seedDemo(deps), 'Demo seed');
      // Every seeded commit has reached the stream, held, before the fold reads them all.
      await database.flush();
      await againWhileTransient(() => rebuildViews(deps), 'Views of the seed');
      stream.passHeld();
      if (options.scoreDemo) await againWhileTransient(() => queueDemoScoreImports(deps), 'Demo scores');
    }

    // The Scheduler matches the schedules in the table, as after a deploy.
    await againWhileTransient(() => reconcileSchedules(deps), 'Schedules');
    await againWhileTransient(() => armSelfSetSchedules(deps), 'Self-set schedules');
    started();
    return caughtUp;
  }

  return {
    url,
    deps,
    /**
     * What the handlers are configured with (tables, endpoints, feed), as a Lambda's environment: a test may point
     * the feed at a recorded one it starts later (ESPN_BASE_URL), and a client of its own at the endpoints.
     */
    settings,
    outboxDir,
    caughtUp,
    settled,
    /** PICKEM_FAULTS's faults so far (undefined when it is unset), as the shutdown line counts them. */
    faults: () => faults?.summary(),
    /** Runs the minute's maintenance at once, as its schedule does: answers what it finished and requeued. */
    maintain: () => maintain(deps),
    /**
     * Fires the schedules of the group (the process schedules unless named) due up to the instant (the stack's
     * clock by default); answers how many fired.
     */
    fireDueSchedules: (at?: Date, group: string = processScheduleGroup) => scheduler.fireDue(at, group),
    /** Lets a held Scheduler fire: what fell due meanwhile fires once, as after a late start. */
    releaseSchedules: () => scheduler.release(),
    /**
     * Writes what startFrom needs to start another stack where this one stands: the tables, the stream's
     * checkpoint and the outbox. Call it while nothing writes (say, schedules held).
     */
    async saveSnapshot(dir: string) {
      await settled();
      mkdirSync(dir, { recursive: true });
      // The checkpoint first: an event delivered after it is delivered again from the snapshot, never skipped.
      const checkpoint = stream.checkpoint();
      await database.dump(join(dir, 'db.bin'));
      await settled();
      const complete = JSON.stringify(stream.checkpoint()) === JSON.stringify(checkpoint);
      const note: SnapshotNote = { checkpoint, complete };
      if (existsSync(outboxDir)) cpSync(outboxDir, join(dir, 'outbox'), { recursive: true });
      writeFileSync(join(dir, 'snapshot.json'), JSON.stringify(note));
    },
    close,
  };
}

export type LocalStack = Awaited<ReturnType<typeof startLocalStack>>;
