// The few AWS APIs the handlers call besides DynamoDB, answered locally on one loopback port:
// Lambda invoke (asynchronous into the in-process job queue; a synchronous one answers the function's result),
// SES v2 SendEmail (into the outbox folder), Secrets Manager (infra/local/secrets-emulator.ts; the JWT key kept under
// .data/) and CodeDeploy's hook status (the artifact lane plays a deploy). The handlers' SDK clients reach it through
// AWS_ENDPOINT_URL_LAMBDA / _SESV2 / _SECRETS_MANAGER / _CODEDEPLOY; their code is unchanged.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type AwsCall, type Faults, readsOnly, listenerWithFaults } from './faults.ts';
import { secretsEmulator } from './secrets-emulator.ts';

/** What a synchronous invocation answers: the function's result, or its error as Lambda reports it. */
export interface SyncAnswer {
  payload: unknown;
  functionError?: 'Unhandled';
}

export interface AwsEmulatorOptions {
  /** An `Event` invocation answers nothing; a `RequestResponse` one its function's answer. */
  invoke: (
    functionName: string,
    payload: unknown,
    type: 'Event' | 'RequestResponse',
  ) => void | Promise<SyncAnswer | undefined>;
  /** CodeDeploy's PutLifecycleEventHookExecutionStatus: what a deploy hook reported. */
  onHookStatus?: (status: { deploymentId: string; lifecycleEventHookExecutionId: string; status: string }) => void;
  outboxDir: string;
  secrets: Record<string, string>;
  /** PICKEM_FAULTS: the calls to Lambda, SES and Secrets Manager fail now and then as those services do. */
  faults?: Faults | undefined;
}

interface SesRequest {
  EmailTags?: { Name: string; Value: string }[];
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string } } } };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body?: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
};

let mailCount = 0;

/**
 * A mail tagged with a mailId that was sent before (a retry after a crash) replaces its first copy: the outbox
 * holds each mail once, with the latest link. The file a mailId went to is noted under .sent/.
 */
function outboxFile(outboxDir: string, mail: SesRequest): string {
  const mailId = mail.EmailTags?.find((tag) => tag.Name === 'mailId')?.Value?.replace(/[^\w.-]/g, '_');
  const fresh = `${new Date().toISOString().replace(/[:.]/g, '-')}-${++mailCount}`;
  if (!mailId) return fresh;
  const note = join(outboxDir, '.sent', mailId);
  if (existsSync(note)) return readFileSync(note, 'utf8');
  mkdirSync(join(outboxDir, '.sent'), { recursive: true });
  writeFileSync(note, fresh);
  return fresh;
}

function writeMail(outboxDir: string, mail: SesRequest): string {
  mkdirSync(outboxDir, { recursive: true });
  const id = outboxFile(outboxDir, mail);
  const text = [
    `From: ${mail.FromEmailAddress ?? ''}`,
    `To: ${(mail.Destination?.ToAddresses ?? []).join(', ')}`,
    `Subject: ${mail.Content?.Simple?.Subject?.Data ?? ''}`,
    '',
    mail.Content?.Simple?.Body?.Text?.Data ?? '',
  ].join('\n');
  writeFileSync(join(outboxDir, `${id}.eml`), text);
  return id;
}

/** The service a request calls, for its faults (CodeDeploy's hook status is the deploy's, never faulted). */
function callOf(req: IncomingMessage): AwsCall | undefined {
  const path = req.url ?? '';
  const target = String(req.headers['x-amz-target'] ?? '');
  if (path.startsWith('/2015-03-31/functions/')) return { service: 'LAMBDA', write: true };
  if (path.startsWith('/v2/email/')) return { service: 'SESV2', write: req.method === 'POST' };
  if (target.startsWith('secretsmanager.'))
    return { service: 'SECRETS_MANAGER', write: !readsOnly(target.slice('secretsmanager.'.length)) };
  return undefined;
}

export async function startAwsEmulator({ invoke, onHookStatus, outboxDir, secrets, faults }: AwsEmulatorOptions) {
  const secretsManager = secretsEmulator(secrets);
  const respond = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const path = req.url ?? '';
    const invocation = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(path);
    if (invocation && req.method === 'POST') {
      const type = req.headers['x-amz-invocation-type'] === 'Event' ? 'Event' : 'RequestResponse';
      const answer = await invoke(decodeURIComponent(invocation[1]!), body ? JSON.parse(body) : {}, type);
      if (!answer) return send(res, 202);
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(answer.functionError && { 'x-amz-function-error': answer.functionError }),
      });
      return res.end(JSON.stringify(answer.payload));
    }
    if (path.startsWith('/v2/email/outbound-emails') && req.method === 'POST') {
      return send(res, 200, { MessageId: writeMail(outboxDir, JSON.parse(body) as SesRequest) });
    }
    const target = String(req.headers['x-amz-target'] ?? '');
    if (target === 'CodeDeploy_20141006.PutLifecycleEventHookExecutionStatus' && onHookStatus) {
      const status = JSON.parse(body) as Parameters<typeof onHookStatus>[0];
      onHookStatus(status);
      return send(res, 200, { lifecycleEventHookExecutionId: status.lifecycleEventHookExecutionId });
    }
    if (target.startsWith('secretsmanager.')) {
      const answer = secretsManager(target.slice('secretsmanager.'.length), JSON.parse(body || '{}'));
      return send(res, answer.status, answer.body);
    }
    send(res, 400, {
      __type: 'UnknownOperationException',
      message: `The local AWS emulator does not answer ${req.method} ${path}`,
    });
  };
  const server = createServer(listenerWithFaults(faults, callOf, respond));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * How Lambda delivers asynchronous invocations, under PICKEM_FAULTS: a failed one is retried (twice, as Lambda
 * does), and one that went through may be delivered again (delivery is at least once).
 */
export interface AsyncDelivery {
  retries: number;
  redeliver: () => boolean;
}

interface QueuedJob {
  payload: unknown;
  retries: number;
  /** A delivery made again: it is not made a third time. */
  again: boolean;
}

/**
 * Runs jobs one at a time. A job already waiting (same key) is not queued twice, unless it comes again (a retry, a
 * delivery made again), which Lambda would run whatever waited.
 */
export function createJobQueue(
  run: (payload: unknown) => Promise<unknown>,
  keyOf: (payload: unknown) => string,
  delivery?: AsyncDelivery,
) {
  const queue: QueuedJob[] = [];
  const waiting = new Set<string>();
  let running: Promise<void> | undefined;
  const waiters: (() => void)[] = [];
  async function work() {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      waiting.delete(keyOf(job.payload));
      try {
        await run(job.payload);
        if (!job.again && delivery?.redeliver()) queue.push({ payload: job.payload, retries: 0, again: true });
      } catch (error) {
        const retried = delivery && job.retries < delivery.retries;
        console.error(retried ? `job failed (Lambda retries it: retry ${job.retries + 1})` : 'job failed', error);
        if (retried) queue.push({ ...job, retries: job.retries + 1 });
      }
    }
    running = undefined;
    for (const resolve of waiters.splice(0)) resolve();
  }
  return {
    /** `again`: a delivery made again (a schedule fired twice), queued whatever waits. */
    enqueue(payload: unknown, again = false) {
      const key = keyOf(payload);
      if (!again && waiting.has(key)) return;
      waiting.add(key);
      queue.push({ payload, retries: 0, again });
      running ??= work();
    },
    idle: (): Promise<void> => (running ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve()),
  };
}
