// dynalite on a thread of its own, with a tap on committed PutItem calls to the events table: the
// local stand-in for the table's DynamoDB stream. The tap sees what the database accepted (a 200
// answer), whoever wrote it, as the NEW_IMAGE a real stream would carry. On its own thread the
// database uses the machine's other core while the handlers use this one.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { DynaliteWorkerMessage, DynaliteWorkerRequest, PortAnswer } from './dynalite-worker.ts';

export interface DynaliteOptions {
  /** LevelDB folder; undefined keeps everything in memory. */
  path: string | undefined;
  eventsTable: string;
  onCommit: (image: Record<string, AttributeValue>) => void;
  /** A file written by dump(): an empty database starts with its content; one holding anything ignores it. */
  restoreFrom?: string | undefined;
}

/** A request as the AWS SDK's clients hand it, signed, to their requestHandler. */
interface SignedRequest {
  method: string;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}
/** What an AWS SDK client takes as its requestHandler: it sends a signed request and answers its response. */
export interface RequestHandler {
  handle(request: SignedRequest): Promise<{
    response: { statusCode: number; headers: Record<string, string>; body: Uint8Array };
  }>;
  updateHttpClientConfig(): void;
  httpHandlerConfigs(): object;
}

export interface RunningDynalite {
  endpoint: string;
  /**
   * Sends a client's requests to the database over the thread's port instead of a socket: the same signed HTTP
   * request and answer, with no TCP between two threads of this process (on this machine a loopback round trip
   * cost a third of a request's time). Clients of other processes use the endpoint.
   */
  requestHandler: RequestHandler;
  /** Whether the database started from restoreFrom. */
  restored: boolean;
  /** The thread serving it: a closed database's thread serves the process's next one. */
  threadId: number;
  /** Writes every table, item and index entry to the file, as stored; answers how many entries. */
  dump(file: string): Promise<number>;
  /** Resolves once every item committed before the call has reached onCommit. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The thread loads its TypeScript through tsx (found from the working folder, the repository's root), under
 * `npm start`, a script or vitest alike.
 */
function workerSource() {
  const script = new URL('./dynalite-worker.ts', import.meta.url).href;
  return `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); })`;
}

/** A database thread that loaded dynalite and waits for its options; it keeps no process alive. */
function bootThread() {
  const worker = new Worker(workerSource(), {
    eval: true,
    // As much heap as this process: a benchmark's tenant lives in the database's memory. A young generation
    // large enough for a burst of writes (a settlement's): with V8's default, a scavenge ran every 30 ms and
    // took a third of the database's time.
    resourceLimits: {
      maxOldGenerationSizeMb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
      maxYoungGenerationSizeMb: 384,
    },
  });
  worker.unref();
  worker.once('exit', () => {
    if (idle.includes(worker)) idle.splice(idle.indexOf(worker), 1);
  });
  // A database's own listeners say what failed while it is open; a waiting thread has none, and a Worker's error with
  // no listener would be thrown in this process.
  worker.on('error', (error) => {
    if (idle.includes(worker)) console.error('A waiting database thread failed', error);
  });
  return worker;
}

/**
 * Threads that loaded dynalite and wait for the process's next database: the ones closed databases gave back (booting
 * another costs more CPU than a stack's start from a snapshot). Two, for a test file that runs two stacks at once.
 */
const idle: Worker[] = [];
const maxIdle = 2;
const utf8 = new TextDecoder();

export async function startDynalite({
  path,
  eventsTable,
  onCommit,
  restoreFrom,
}: DynaliteOptions): Promise<RunningDynalite> {
  const worker = idle.pop() ?? bootThread();
  worker.ref();
  worker.postMessage({ start: { path, eventsTable, restoreFrom } } satisfies DynaliteWorkerRequest);
  const flushed: (() => void)[] = [];
  const answering = new Map<number, (answer: PortAnswer | undefined) => void>();
  let lastRequest = 0;
  const dumped: ((count: number) => void)[] = [];
  const request = (message: DynaliteWorkerRequest) => worker.postMessage(message);
  let closed: (() => void) | undefined;
  let closing: Promise<void> | undefined;
  let ended = false;
  let listeners: {
    message: (message: DynaliteWorkerMessage) => void;
    error: (error: Error) => void;
    exit: (code: number) => void;
  };
  const { port, restored } = await new Promise<{ port: number; restored: boolean }>((resolve, reject) => {
    listeners = {
      message(message) {
        if ('image' in message) onCommit(message.image as Record<string, AttributeValue>);
        else if ('answer' in message) answering.get(message.answer.id)?.(message.answer);
        else if ('port' in message) resolve(message);
        else if ('flushed' in message) flushed.shift()?.();
        else if ('dumped' in message) dumped.shift()?.(message.dumped);
        else closed?.();
      },
      error(error) {
        console.error('The database thread failed', error);
        reject(error);
      },
      exit(code) {
        if (!closed) console.error(`The database thread ended (exit ${code})`);
        // Nothing more will come from it: whoever waits on a flush or the close goes on rather than hang.
        ended = true;
        for (const resolveFlush of flushed.splice(0)) resolveFlush();
        for (const resolveDump of dumped.splice(0)) resolveDump(0);
        for (const answer of answering.values()) answer(undefined);
        closed?.();
        reject(new Error(`The database thread ended (exit ${code})`));
      },
    };
    for (const [name, listener] of Object.entries(listeners)) worker.on(name, listener);
  });
  /** The closed database's thread waits for the process's next one, or ends when enough others wait. */
  const giveBack = async () => {
    const reusable = !ended && idle.length < maxIdle;
    // Whatever this database is asked after its close answers at once, as from an ended thread: it never reaches the
    // thread, which may serve another database by then.
    ended = true;
    for (const [name, listener] of Object.entries(listeners)) worker.off(name, listener);
    if (!reusable) return void (await worker.terminate());
    worker.unref();
    idle.push(worker);
  };

  return {
    endpoint: `http://127.0.0.1:${port}`,
    requestHandler: {
      async handle(sent) {
        const id = (lastRequest += 1);
        const query = new URLSearchParams(sent.query as Record<string, string>).toString();
        // The SDK's JSON body is bytes that also pose as text; decoded as bytes, as a socket would send them.
        const body = typeof sent.body === 'string' ? sent.body : utf8.decode(sent.body as Uint8Array | undefined);
        const answer = await new Promise<PortAnswer | undefined>((resolve) => {
          if (ended || closing) return resolve(undefined);
          answering.set(id, resolve);
          const url = query ? `${sent.path}?${query}` : sent.path;
          request({ request: { id, method: sent.method, url, headers: sent.headers, body } });
        });
        answering.delete(id);
        if (!answer) throw new Error('The database thread is closed: it answers no more requests');
        const { statusCode, headers, body: answered } = answer;
        return { response: { statusCode, headers, body: Buffer.from(answered, 'utf8') } };
      },
      updateHttpClientConfig: () => undefined,
      httpHandlerConfigs: () => ({}),
    },
    restored,
    threadId: worker.threadId,
    dump: (file) =>
      new Promise((resolve) => {
        if (ended || closing) return resolve(0);
        dumped.push(resolve);
        request({ dump: file });
      }),
    flush: () =>
      new Promise((resolve) => {
        if (ended) return resolve();
        flushed.push(resolve);
        request('flush');
      }),
    close() {
      closing ??= new Promise<void>((resolve) => {
        if (ended) return resolve();
        closed = resolve;
        request('close');
      }).then(giveBack);
      return closing;
    },
  };
}
