// The embedded local stack: dynalite, the stream emulator feeding the projector, the job queue
// running the jobs handler (and re-running, at start and every minute, the jobs a crash abandoned),
// the AWS emulator, the Scheduler emulator firing the process schedules, and the API server. Every handler runs on
// the stack's one set of deps, built from environment variables as a Lambda's are (the password cost aside).
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { clockFromEnv } from '../../functions/adapters/clock.ts';
import { type Deps, depsFromEnv } from '../../functions/adapters/deps.ts';
import { reconcileSchedules } from '../../functions/adapters/reconcile-schedules.ts';
import { armLiveScores } from '../../functions/jobs/live-scores.ts';
import { migrateClientManualLines } from '../../functions/betting/migrate-manual-lines.ts';
import { jobsFunction, type JobsEvent } from '../../functions/jobs/handler.ts';
import { projectorFunction } from '../../functions/projector/handler.ts';
import { areas, createAreaHandler } from '../../functions/http/routes.ts';
import { type ScryptCost, scryptPasswords } from '../../functions/adapters/passwords.ts';
import { ensureViewsLayout, rebuildViews } from '../../functions/projector/rebuild.ts';
import { isSeeded, queueDemoScoreImports, seedDemo } from '../../functions/seed/demo-seed.ts';
import { jobLeaseMs, listAbandonedJobs } from '../../functions/store/job-records.ts';
import { localTableNames } from '../../functions/store/tables.ts';
import { createApiServer } from './api-server.ts';
import { createJobQueue, startAwsEmulator } from './aws-emulator.ts';
import { finishPendingAccounts } from '../../functions/accounts/user-accounts.ts';
import { listAllClients } from '../../functions/store/clients.ts';
import { forgetAdministratorCounts } from '../../functions/store/administrators.ts';
import { migrateUserList } from '../../functions/store/migrate-user-list.ts';
import { forgetUserCounts } from '../../functions/store/user-directory.ts';
import { createMissingTables } from './bootstrap-tables.ts';
import { startSchedulerEmulator } from './scheduler-emulator.ts';
import { startDynalite } from './dynalite-server.ts';
import { createStreamEmulator } from './stream-emulator.ts';

export interface LocalStackOptions {
  /** Folder for the database, checkpoint, key, schedules and outbox; undefined runs in memory (outbox in a temp folder). */
  dataDir: string | undefined;
  port: number;
  seed: boolean;
  /** After a first seeding, runs the demo's Import Scores jobs, so past weeks open graded (npm start). */
  scoreDemo?: boolean;
  /** Starts the clock at this instant (PICKEM_NOW). */
  now?: string | undefined;
  /** The Scheduler fires nothing until releaseSchedules(): a test sets up its given state first. */
  holdSchedules?: boolean;
  webRoot?: string;
  /**
   * A folder saveSnapshot() wrote: an empty database starts as the snapshot's was, as if this stack had seeded it in
   * no time (the clock starts at `now` all the same). A database holding anything ignores it.
   */
  startFrom?: string | undefined;
  /** The cost of new password hashes: production's strong one unless a test asks for a cheap one. */
  passwordCost?: ScryptCost;
  /** Another stack will start in this process after this one (test files): its database thread boots meanwhile. */
  prepareNext?: boolean;
}

interface SnapshotNote {
  /** The stream's delivered versions: what the views already hold. */
  checkpoint: Record<string, number>;
  /** Nothing was committed while the tables were written: every event they hold is delivered by the checkpoint. */
  complete?: boolean;
}

const jwtSecretId = 'local/pickem/jwt';

function signingSecret(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(48).toString('base64url');
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8');
}

async function scanAll(client: DynamoDBClient, table: string) {
  const items: Record<string, AttributeValue>[] = [];
  let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

export async function startLocalStack(options: LocalStackOptions) {
  const { dataDir, port, seed, now } = options;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const outboxDir = dataDir
    ? join(dataDir, 'outbox')
    : join(process.env.TMPDIR ?? '/tmp', `pickem-outbox-${process.pid}-${Date.now()}`);
  const names = localTableNames();

  Object.assign(process.env, {
    AWS_REGION: 'local',
    // Lambdas run on Node 22; only this local runtime may be on Node 20.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    EVENTS_TABLE: names.events,
    STATE_TABLE: names.state,
    VIEWS_TABLE: names.views,
    JWT_SECRET_ARN: jwtSecretId,
    JOBS_FUNCTION_NAME: 'pickem-jobs',
    MAIL_FROM: "Pick'em <no-reply@pickem.localhost>",
    // Tenants' login-check systems may be http on this machine here; never set on AWS.
    LOGIN_DIRECTORY_ALLOW_LOOPBACK: '1',
    // Sports feeds too: a recorded feed on this machine stands in for ESPN or The Odds API; never set on AWS.
    FEEDS_ALLOW_LOOPBACK: '1',
  });
  const database = await startDynalite({
    path: dataDir && join(dataDir, 'db'),
    eventsTable: names.events,
    onCommit: (image) => stream.push(image),
    restoreFrom: options.startFrom && join(options.startFrom, 'db.bin'),
    prepareNext: options.prepareNext,
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
  });
  const jobs = createJobQueue(
    (payload) => runJobs(payload as JobsEvent),
    (payload) => {
      const event = payload as JobsEvent;
      return 'jobId' in event
        ? `${event.clientId}#${event.jobId}`
        : `process#${event.processId}#${event.scheduledTime}`;
    },
  );
  const aws = await startAwsEmulator({
    invoke: (_name, payload) => jobs.enqueue(payload),
    outboxDir,
    secrets: { [jwtSecretId]: signingSecret(dataDir) },
  });
  const jobsFunctionArn = 'arn:aws:lambda:local:000000000000:function:pickem-jobs';
  // One clock for the whole stack: the Scheduler and every handler read the same running time.
  const stackClock = clockFromEnv(now);
  const scheduler = await startSchedulerEmulator({
    file: dataDir && join(dataDir, 'schedules.json'),
    now: () => stackClock.now(),
    fire: (_target, input) => jobs.enqueue(input),
    held: options.holdSchedules,
  });
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: database.endpoint,
    AWS_ENDPOINT_URL_LAMBDA: aws.endpoint,
    AWS_ENDPOINT_URL_SESV2: aws.endpoint,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: aws.endpoint,
    AWS_ENDPOINT_URL_SCHEDULER: scheduler.endpoint,
    SCHEDULE_GROUP: 'pickem-processes',
    JOBS_FUNCTION_ARN: jobsFunctionArn,
    SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/pickem-scheduler',
  });

  const admin = new DynamoDBClient({
    endpoint: database.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await createMissingTables(admin, names);
  // Every handler of this stack runs on these deps, as each Lambda runs on the ones its environment gives.
  const deps: Deps = {
    ...depsFromEnv(),
    clock: stackClock,
    passwords: scryptPasswords(options.passwordCost),
    // dynalite writes an item's index entries before it answers.
    indexLagMs: 0,
  };
  const projector = projectorFunction(() => deps);
  const runJobs = jobsFunction(() => deps);
  const areaHandlers = new Map(areas.map((area) => [area, createAreaHandler(area, () => deps)]));
  const rebuilt = await ensureViewsLayout(deps);
  if (rebuilt?.events)
    console.log(
      `Views were of an older layout: rebuilt from ${rebuilt.events} events in ${rebuilt.seconds.toFixed(1)} s`,
    );
  const migrated = await migrateClientManualLines(deps);
  if (migrated) console.log(`Manual lines kept per client: ${migrated} moved to their affiliates`);
  const listed = await migrateUserList(deps);
  if (listed) console.log(`Users list: ${listed} users moved from the old directory to the list's rows`);
  const caughtUp = snapshot?.complete ? 0 : stream.catchUp(await scanAll(admin, names.events));

  if (seed && !(await isSeeded(deps))) {
    // The seed's views are folded once from its events, as a layout change rebuilds them (0.7 s), instead of
    // projected commit by commit (6 s after the seed's own 6 s). A crash before passHeld leaves the checkpoint
    // behind, so the next start delivers the seed's commits again; projecting twice changes nothing.
    await stream.idle();
    stream.hold();
    await seedDemo(deps);
    // Every seeded commit has reached the stream, held, before the fold reads them all.
    await database.flush();
    await rebuildViews(deps);
    stream.passHeld();
    if (options.scoreDemo) await queueDemoScoreImports(deps);
  }

  // The Scheduler matches the schedules in the table, as after a deploy.
  await reconcileSchedules(deps);
  await armLiveScores(deps);
  // A crash may have left the administrators sets short (docs/invariants.md): each is counted again on next use.
  // The same for the users list's counts.
  const clientIds = (await listAllClients(deps)).map((client) => client.id);
  await forgetAdministratorCounts(deps, clientIds);
  await forgetUserCounts(deps, clientIds);

  /** Queues again every job a crash left queued or running on an expired lease; their runs are idempotent. */
  async function requeueExpired() {
    const abandoned = await listAbandonedJobs(deps, deps.clock.now());
    for (const job of abandoned) jobs.enqueue(job);
    return abandoned.length;
  }
  const requeueTimer = setInterval(
    () => void requeueExpired().catch((error: unknown) => console.error('requeue of abandoned jobs failed', error)),
    jobLeaseMs / 5,
  );
  requeueTimer.unref();

  const server = createApiServer(resolve(options.webRoot ?? 'web/dist'), (area) => areaHandlers.get(area)!);
  await new Promise<void>((ready) => server.listen(port, '127.0.0.1', ready));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  // Mailed links point here (the demo tenant) or at {domain}.localhost on this port, never at a request's Host.
  process.env.PUBLIC_BASE_URL = url;
  // Accounts a crash left committed but not whole get their user, directory row and set-password mail now.
  const finished = await finishPendingAccounts(deps);
  if (finished) console.log(`Finished ${finished} account(s) a crash had left half-made`);
  // Only then the jobs a crash abandoned, so a rerun import never meets an account while it is being finished.
  await requeueExpired();

  /** Resolves when every committed event so far has reached the projector and every job has run. */
  async function settled() {
    await jobs.idle();
    await database.flush();
    await stream.idle();
  }

  return {
    url,
    deps,
    outboxDir,
    caughtUp,
    requeueExpired,
    settled,
    /** Fires the process schedules due up to the instant (the stack's clock by default); answers how many fired. */
    fireDueSchedules: (at?: Date) => scheduler.fireDue(at),
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
    async close() {
      clearInterval(requeueTimer);
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
    },
  };
}

export type LocalStack = Awaited<ReturnType<typeof startLocalStack>>;
