// The few AWS APIs the handlers call besides DynamoDB, answered locally on one loopback port:
// Lambda invoke (asynchronous into the in-process job queue; a synchronous one answers the function's result),
// SES v2 SendEmail (into the outbox folder), Secrets Manager (infra/local/secrets-emulator.ts; the JWT key kept under
// .data/) and CodeDeploy's hook status (the artifact lane plays a deploy). The handlers' SDK clients reach it through
// AWS_ENDPOINT_URL_LAMBDA / _SESV2 / _SECRETS_MANAGER / _CODEDEPLOY; their code is unchanged.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
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

export async function startAwsEmulator({ invoke, onHookStatus, outboxDir, secrets }: AwsEmulatorOptions) {
  const secretsManager = secretsEmulator(secrets);
  const server = createServer(async (req, res) => {
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs jobs one at a time. A job already waiting (same key) is not queued twice. */
export function createJobQueue(run: (payload: unknown) => Promise<unknown>, keyOf: (payload: unknown) => string) {
  const queue: unknown[] = [];
  const waiting = new Set<string>();
  let running: Promise<void> | undefined;
  const waiters: (() => void)[] = [];
  async function work() {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      waiting.delete(keyOf(job));
      try {
        await run(job);
      } catch (error) {
        console.error('job failed', error);
      }
    }
    running = undefined;
    for (const resolve of waiters.splice(0)) resolve();
  }
  return {
    enqueue(payload: unknown) {
      const key = keyOf(payload);
      if (waiting.has(key)) return;
      waiting.add(key);
      queue.push(payload);
      running ??= work();
    },
    idle: (): Promise<void> => (running ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve()),
  };
}
