// Everything a handler touches outside its own code, passed in. Lambda entry points build it once
// per container from their environment; the local stack from settings of its own; tests and the seed themselves.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { liveReadOffsets, livePollMs } from '#domain/processes/live-window.ts';
import { type Clock, clockFromEnv } from './clock.ts';
import { awsClientConfig } from './aws-client-config.ts';
import type { Settings } from './settings.ts';
import { type TableNames, tableNamesFromEnv } from './table-names.ts';
import { traceClient } from './tracer.ts';
import { dynamoEventStore, type EventStore } from './event-store.ts';
import { counterIds, type Ids } from './ids.ts';
import { type JobQueue, lambdaJobQueue } from './job-queue.ts';
import { type LoginDirectory, loginDirectoryFromEnv } from './login-directory.ts';
import { type Mailer, sesMailer } from './mailer.ts';
import { systemNetwork } from './outbound-http.ts';
import { type Passwords, scryptPasswords } from './passwords.ts';
import { type PushSender, pushSender, secretsManagerVapidKeys, unsetVapidKeys, vapidSubject } from './push-sender.ts';
import { type Scheduler, schedulerFromEnv } from './scheduler.ts';
import { secretsManagerVersions, unsetSecret } from './secret-versions.ts';
import { signingKeys, type SigningKeys } from './signing-key.ts';
import { siteUrlOf } from './site-url.ts';

export interface Deps {
  db: DynamoDBDocumentClient;
  tables: TableNames;
  events: EventStore;
  clock: Clock;
  ids: Ids;
  mailer: Mailer;
  /** Web Push to the players' devices, signed with the VAPID key pair (docs/rules.md, Push notifications). */
  push: PushSender;
  jobs: JobQueue;
  signingKeys: SigningKeys;
  /** The web app's address for a tenant domain, from configuration only. */
  siteUrl: (domain: string) => string;
  /** Asks a client's own system whether a login may sign up. */
  loginDirectory: LoginDirectory;
  /** The process schedules' EventBridge schedules (only the processes function may use it). */
  scheduler: Scheduler;
  /** Password hashing, at production's strong cost unless a test stack chose a cheap one. */
  passwords: Passwords;
  /**
   * How long a write may take to show in a global secondary index: DynamoDB copies it there asynchronously, dynalite
   * with the item. A version stamp bumped more recently tags no answer (functions/store/stamps.ts).
   */
  indexLagMs: number;
  /** When within its minute a Live Scores run reads the feeds, in ms after it starts (production's: every 15 s). */
  liveReadsMs: readonly number[];
  /**
   * What the deployment configured, as its environment names it: the settings read at the time of use, such as the
   * sports feed the jobs read (SPORTS_PROVIDER, feedFor) and DEMO_SEASON_START.
   */
  settings: Settings;
}

/** DynamoDB's index replication, with room to spare: it usually takes well under a second. */
export const dynamoIndexLagMs = 3000;

/**
 * Refuses a command that names an expression value and gives it as undefined. Removing undefined values (as items
 * need) would drop it silently and DynamoDB would answer a puzzle ('ExpressionAttributeValues must not be empty', or
 * an unknown :name); this names the command, its table and the values, so the bug that passed one is found.
 */
function refuseUndefinedExpressionValues(db: DynamoDBDocumentClient) {
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { TableName?: string; ExpressionAttributeValues?: Record<string, unknown> };
      const missing = Object.entries(input.ExpressionAttributeValues ?? {}).filter(([, value]) => value === undefined);
      if (missing.length)
        throw new Error(
          `${context.commandName} on ${input.TableName}: the expression value(s) ${missing.map(([name]) => name).join(', ')} are undefined`,
        );
      return next(args);
    },
    { step: 'initialize', priority: 'high', name: 'refuseUndefinedExpressionValues' },
  );
  return db;
}

/**
 * Leaves out the SDK's logger middleware, which hands its logger every command's input and answer (every item read or
 * written, players' data, as the traces leave out) and filters both through the command's schema first, even for the
 * default logger that writes nothing: a tenth of a call's CPU in the local stack.
 */
function withoutItemLogs(client: DynamoDBDocumentClient) {
  // The document client shares its base client's middleware stack: neither logs through the SDK.
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

export const documentClient = (client: DynamoDBClient) =>
  withoutItemLogs(
    refuseUndefinedExpressionValues(
      DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }),
    ),
  );

/** The deps of a Lambda (process.env) or of the local stack (its settings); the DynamoDB client is the settings' unless given. */
export function depsFromEnv(
  env: Settings = process.env,
  dynamo = new DynamoDBClient(awsClientConfig(env, 'DYNAMODB')),
): Deps {
  const names = tableNamesFromEnv(env);
  const db = documentClient(traceClient(dynamo));
  const secrets = new SecretsManagerClient(awsClientConfig(env, 'SECRETS_MANAGER'));
  return {
    db,
    tables: names,
    events: dynamoEventStore(db, names.events),
    clock: clockFromEnv(env.PICKEM_NOW),
    ids: counterIds(db, names.state),
    mailer: sesMailer(new SESv2Client(awsClientConfig(env, 'SESV2')), env.MAIL_FROM ?? 'no-reply@example.com'),
    push: pushSender(
      env.VAPID_SECRET_ARN
        ? secretsManagerVapidKeys(secrets, env.VAPID_SECRET_ARN)
        : unsetVapidKeys('VAPID_SECRET_ARN'),
      {
        network: systemNetwork,
        // A push service on this machine: only the local stack and the tests; never set on AWS.
        policy: { allowLoopback: env.PUSH_ALLOW_LOOPBACK === '1' },
        subject: vapidSubject(env.MAIL_FROM),
      },
    ),
    jobs: lambdaJobQueue(new LambdaClient(awsClientConfig(env, 'LAMBDA')), env.JOBS_FUNCTION_NAME ?? 'pickem-jobs'),
    signingKeys: signingKeys(
      env.JWT_SECRET_ARN ? secretsManagerVersions(secrets, env.JWT_SECRET_ARN) : unsetSecret('JWT_SECRET_ARN'),
    ),
    // Read at each use: the local stack learns its own address only once it listens.
    siteUrl: (domain) => siteUrlOf(domain, env),
    loginDirectory: loginDirectoryFromEnv(env),
    scheduler: schedulerFromEnv(env),
    passwords: scryptPasswords(),
    indexLagMs: dynamoIndexLagMs,
    liveReadsMs: liveReadOffsets(livePollMs),
    settings: env,
  };
}

/** Built on first use, so the local runtime can set the environment before any handler runs. */
export function lazyDeps(build: () => Deps = () => depsFromEnv()): () => Deps {
  let deps: Deps | undefined;
  return () => (deps ??= build());
}
