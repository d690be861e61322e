// scrypt on threads of its own, a few hashes in flight per process at most. Node's async scrypt runs on libuv's
// threadpool (4 threads), which every other request needs as well: jose signs and verifies each token with WebCrypto
// there, the local database's LevelDB reads and writes there, and file reads and DNS lookups wait there too. A wave of
// sign-ins queued a hash each in that pool (a second each at production's cost), so the other requests waited behind
// them past their 29 s and answered 500 (middy's timeout), and went on doing so until the queue drained. Here a hash
// runs on a hashing thread, never in the pool, and beyond the cap the caller is told to come back (429) instead of
// joining a queue that grows.
import type { ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { TooManyRequestsError } from '#domain/errors.ts';

/** Hashes running or waiting for a thread in this process; one more is refused (a Lambda runs one request anyway). */
export const maxHashesInFlight = 4;
const threadCount = Math.min(2, availableParallelism());

// CommonJS evaluated as is, so the bundled Lambda needs no file of its own for it.
const threadSource = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, salt, length, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, length, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message) });
  }
});`;

interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve: (key: Buffer) => void; reject: (error: Error) => void }>;
}

const threads: Thread[] = [];
let lastId = 0;
let inFlight = 0;

function startThread(): Thread {
  const thread: Thread = { worker: new Worker(threadSource, { eval: true }), waiting: new Map() };
  thread.worker.on('message', ({ id, key, error }: { id: number; key?: Uint8Array; error?: string }) => {
    const hash = thread.waiting.get(id)!;
    thread.waiting.delete(id);
    // An idle thread keeps no process alive.
    if (!thread.waiting.size) thread.worker.unref();
    if (key) hash.resolve(Buffer.from(key));
    else hash.reject(new Error(`scrypt failed: ${error}`));
  });
  const ended = (error: Error) => {
    if (threads.includes(thread)) threads.splice(threads.indexOf(thread), 1);
    for (const hash of thread.waiting.values()) hash.reject(error);
    thread.waiting.clear();
  };
  thread.worker.on('error', ended);
  thread.worker.on('exit', (code) => ended(new Error(`The hashing thread ended (exit ${code})`)));
  threads.push(thread);
  return thread;
}

/** An idle thread, a new one while there are fewer than threadCount, else the one with the fewest hashes to do. */
const freestThread = () =>
  threads.find((thread) => !thread.waiting.size) ??
  (threads.length < threadCount
    ? startThread()
    : threads.reduce((best, thread) => (thread.waiting.size < best.waiting.size ? thread : best)));

/** scrypt off the libuv threadpool; 429 when maxHashesInFlight are already running or waiting. */
export async function scrypt(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  if (inFlight >= maxHashesInFlight)
    throw new TooManyRequestsError('The server is busy checking passwords; try again in 1 second', 1, 'PASSWORDS_BUSY');
  inFlight += 1;
  try {
    const thread = freestThread();
    const id = (lastId += 1);
    thread.worker.ref();
    return await new Promise<Buffer>((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      thread.worker.postMessage({ id, password, salt, length, options });
    });
  } finally {
    inFlight -= 1;
  }
}
