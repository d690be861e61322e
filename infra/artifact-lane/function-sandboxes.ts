// Each function of the lane as Lambda runs it: its shipped bundle copied into a task root of its own (outside the
// project, so only what the bundle holds resolves), beside the modules the runtime and the layer provide (the AWS
// SDK, Powertools' Tracer); a sandbox is a Node 24 process with the function's environment from the template, that
// takes one invocation at a time, and a second invocation while every sandbox is busy starts another (a cold start).
// An invocation past the function's timeout ends its sandbox, as Lambda does.
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { externalModules } from '../aws/bundling.ts';
import type { LaneFunction } from './template.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const runtimeFile = fileURLToPath(new URL('./lambda-runtime.ts', import.meta.url));

export interface InvocationResult {
  result?: unknown;
  error?: { errorType: string; errorMessage: string };
}

interface Sandbox {
  child: ChildProcess;
  busy: boolean;
  /** Ends once its invocation under way has answered (Lambda recycles it). */
  retiring?: boolean;
  pending?: { id: number; resolve: (result: InvocationResult) => void };
}

/** The folders under node_modules the runtime (`@aws-sdk/*`) and the Powertools layer provide to a bundle. */
function provided(taskRoot: string) {
  for (const pattern of externalModules) {
    const name = pattern.replace(/\/\*$/, '');
    const link = join(taskRoot, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), link);
  }
}

export interface SandboxesOptions {
  cdkOut: string;
  /** A folder of the lane's own for the task roots. */
  workDir: string;
  /** What Lambda adds to the template's environment: region, credentials, endpoints. */
  environmentOf: (fn: LaneFunction) => Record<string, string>;
  /** Each sandbox's cold start: the bundle's import until its handler is ready, and the whole process start. */
  onColdStart?: (fn: LaneFunction, initMs: number, processMs: number) => void;
  onExit?: (fn: LaneFunction, code: number | string | null) => void;
}

export function functionSandboxes(fn: LaneFunction, options: SandboxesOptions) {
  const taskRoot = join(options.workDir, fn.logicalId);
  cpSync(join(options.cdkOut, fn.assetDir), taskRoot, { recursive: true });
  provided(taskRoot);
  const sandboxes: Sandbox[] = [];
  /** Sandboxes the lane ends itself: their exit is no crash. */
  const closing = new WeakSet<Sandbox>();
  let nextId = 0;

  function start(): Promise<Sandbox> {
    const began = performance.now();
    const child = fork(runtimeFile, [taskRoot, fn.handler], {
      cwd: taskRoot,
      env: { ...fn.environment, ...options.environmentOf(fn) },
      execPath: process.execPath,
      execArgv: (fn.environment.NODE_OPTIONS ?? '').split(' ').filter(Boolean),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const sandbox: Sandbox = { child, busy: true };
    child.on('message', (message: { type: string; id?: number } & InvocationResult) => {
      const pending = sandbox.pending;
      if (message.type !== 'result' || !pending || pending.id !== message.id) return;
      const { resolve } = pending;
      sandbox.pending = undefined;
      sandbox.busy = false;
      resolve({ result: message.result, error: message.error });
      if (sandbox.retiring) end(sandbox);
    });
    // A send to a sandbox that has just died: its exit answers the pending invocation.
    child.on('error', () => undefined);
    child.on('exit', (code, signal) => {
      if (sandboxes.includes(sandbox)) sandboxes.splice(sandboxes.indexOf(sandbox), 1);
      sandbox.pending?.resolve({ error: { errorType: 'Runtime.ExitError', errorMessage: `exit ${code}` } });
      if (!closing.has(sandbox)) options.onExit?.(fn, code ?? signal);
    });
    return new Promise((resolve, reject) => {
      child.once('message', (message: { type: string; initMs: number }) => {
        if (message.type !== 'ready') return reject(new Error(`${fn.name} did not start`));
        options.onColdStart?.(fn, message.initMs, performance.now() - began);
        sandboxes.push(sandbox);
        resolve(sandbox);
      });
      child.once('exit', (code) => reject(new Error(`${fn.name} exited (${code}) before its handler was ready`)));
    });
  }

  /** Ends a sandbox the lane no longer wants: its exit is no crash. */
  function end(sandbox: Sandbox) {
    closing.add(sandbox);
    sandboxes.splice(sandboxes.indexOf(sandbox), 1);
    sandbox.child.kill();
  }

  async function invoke(event: unknown, invokedFunctionArn = fn.arn): Promise<InvocationResult> {
    const idle = sandboxes.find((sandbox) => !sandbox.busy && !sandbox.retiring);
    const sandbox = idle ?? (await start());
    sandbox.busy = true;
    const id = ++nextId;
    const deadline = Date.now() + fn.timeoutSeconds * 1000;
    return new Promise<InvocationResult>((resolve) => {
      const timer = setTimeout(() => {
        resolve({
          error: { errorType: 'Sandbox.Timedout', errorMessage: `Task timed out after ${fn.timeoutSeconds} s` },
        });
        sandbox.child.kill('SIGKILL');
      }, deadline - Date.now());
      sandbox.pending = {
        id,
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result);
        },
      };
      sandbox.child.send({ id, event, invokedFunctionArn, awsRequestId: randomUUID(), deadline });
    });
  }

  /** Runs the lane's probe in a sandbox (lambda-runtime.ts): a PutItem of the key, with the function's identity. */
  async function probe(table: string, key: Record<string, { S: string }>): Promise<InvocationResult> {
    const sandbox = sandboxes.find((candidate) => !candidate.busy && !candidate.retiring) ?? (await start());
    sandbox.busy = true;
    const id = ++nextId;
    return new Promise((resolve) => {
      sandbox.pending = { id, resolve };
      sandbox.child.send({ type: 'probe', id, table, key });
    });
  }

  return {
    fn,
    invoke,
    probe,
    /** Starts one sandbox ahead of any invocation (the lane measures every function's cold start). */
    warm: async () => {
      const sandbox = await start();
      sandbox.busy = false;
    },
    /** Every sandbox ends, an idle one now, a busy one once it has answered; the next invocation starts anew. */
    recycle: () => {
      for (const sandbox of [...sandboxes])
        if (sandbox.busy) sandbox.retiring = true;
        else end(sandbox);
    },
    close: () =>
      Promise.all(
        sandboxes.map(
          (sandbox) =>
            new Promise((done) => {
              closing.add(sandbox);
              sandbox.child.once('exit', done);
              sandbox.child.kill();
            }),
        ),
      ),
  };
}

export type FunctionSandboxes = ReturnType<typeof functionSandboxes>;
