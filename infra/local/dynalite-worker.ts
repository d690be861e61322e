// The database thread of dynalite-server.ts: dynalite with a tap on committed PutItem calls to the events
// table. Each committed item is posted to the parent before its answer leaves, and 'flush' is answered
// after every item posted before it (a port keeps the order of its messages). It also writes the whole
// store to a file and starts an empty store from such a file (a test run's seeded demo, seeded once).
// dynalite answers on its TCP port and, for the stack's own client, over the thread's port: the same request and
// answer, as HTTP has them, without a socket between two threads of one process.
import { EventEmitter } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { deserialize, serialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';

/** A level iterator: abstract-level's close() ends it; an open one stays in its store's set of open resources. */
interface LevelIterator<T> extends AsyncIterable<T> {
  close(): Promise<void>;
  return?: () => Promise<void>;
}
interface Store {
  iterator(options: object): AsyncIterable<[string, string]>;
  batch(operations: { type: 'put'; key: string; value: string }[], options: object): Promise<void>;
  keys(options?: object): LevelIterator<string>;
  values(options?: object): LevelIterator<unknown>;
}
/** The store dynalite made, whichever class it made it of. */
let store: Store | undefined;
const noteStore = (made: Store) => {
  store = made;
};
const raw = { keyEncoding: 'utf8', valueEncoding: 'utf8' };

// In memory, dynalite keeps every key and value as a Buffer (memory-level's default store encoding): a
// tenant's worth of them turns each scavenge of the collector into milliseconds. As strings they cost it far
// less (a settlement's writes ran 25% faster). dynalite makes the store itself, so the classes it takes are set
// before it loads; both note the store they make.
const require = createRequire(import.meta.url);
const memoryLevel = require('memory-level') as { MemoryLevel: new (options?: object) => Store };
const { MemoryLevel } = memoryLevel;
// dynalite (4.0) streams every Query, Scan and table list from the store's keys() or values() and, when the stream
// ends or stops at a Limit, ends the iterator with return(), which abstract-level's iterators lack (they have close()):
// every read left its iterator open, kept in the store's open resources with its read-ahead and its native LevelDB
// iterator. A 600 s soak at 20 requests/s left 12,375 open, 58 MB of this thread's heap after a full GC and 840 MB
// allocated natively (malloc), and took the process from 418 to 937 MB. Both classes give their iterators a return()
// that closes them.
const closing = <T>(iterator: LevelIterator<T>) => {
  iterator.return ??= () => iterator.close();
  return iterator;
};
memoryLevel.MemoryLevel = class extends MemoryLevel {
  constructor(options?: object) {
    super({ ...options, storeEncoding: 'utf8' });
    noteStore(this);
  }
  override keys(options?: object) {
    return closing(super.keys(options));
  }
  override values(options?: object) {
    return closing(super.values(options));
  }
};
const level = require('level') as { Level: new (path: string, options?: object) => Store };
const { Level } = level;
level.Level = class extends Level {
  constructor(path: string, options?: object) {
    super(path, options);
    noteStore(this);
  }
  override keys(options?: object) {
    return closing(super.keys(options));
  }
  override values(options?: object) {
    return closing(super.values(options));
  }
};
const dynalite = require('dynalite') as typeof import('dynalite').default;

export interface DynaliteWorkerData {
  path: string | undefined;
  eventsTable: string;
  /** A file written by 'dump': an empty store starts with its content; a store holding anything ignores it. */
  restoreFrom?: string | undefined;
}

/** An HTTP request as the thread's port carries it (dynalite-server.ts, portHandler). */
export interface PortRequest {
  id: number;
  method: string;
  /** The path with its query, as a request line has it. */
  url: string;
  headers: Record<string, string>;
  body: string;
}
export interface PortAnswer {
  id: number;
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export type DynaliteWorkerMessage =
  | { image: Record<string, unknown> }
  | { answer: PortAnswer }
  | { port: number; restored: boolean }
  | { flushed: true }
  | { dumped: number }
  | { closed: true };

export type DynaliteWorkerRequest =
  { start: DynaliteWorkerData } | 'flush' | 'close' | { dump: string } | { request: PortRequest };

const parent = parentPort!;
const post = (message: DynaliteWorkerMessage) => parent.postMessage(message);

/** One database the thread serves, from its start message to its close; the thread then waits for the next start. */
async function openDatabase({ path, eventsTable, restoreFrom }: DynaliteWorkerData) {
  const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const [handle] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  function serve(req: IncomingMessage, res: ServerResponse) {
    if (!String(req.headers['x-amz-target'] ?? '').endsWith('.PutItem')) return handle!(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      if (res.statusCode === 200) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          TableName?: string;
          Item?: Record<string, unknown>;
        };
        if (body.TableName === eventsTable && body.Item) post({ image: body.Item });
      }
      return end(...args);
    }) as ServerResponse['end'];
    handle!(req, res);
  }
  server.on('request', serve);

  let portRequests = 0;
  let drained: (() => void) | undefined;

  /**
   * A request from the port, served as a socket's would be: dynalite reads the request's events and answers through
   * setHeader, statusCode and end, all it uses of the two.
   */
  function servePortRequest({ id, method, url, headers, body }: PortRequest) {
    const req = Object.assign(new EventEmitter(), { method, url, headers });
    const answerHeaders: Record<string, string> = {};
    portRequests += 1;
    const res = {
      statusCode: 200,
      setHeader: (name: string, value: unknown) => void (answerHeaders[name.toLowerCase()] = String(value)),
      end(data?: unknown) {
        portRequests -= 1;
        if (portRequests === 0) drained?.();
        post({
          answer: { id, statusCode: res.statusCode, headers: answerHeaders, body: data == null ? '' : String(data) },
        });
        return res;
      },
    };
    serve(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    // dynalite listens for the body once it has the request, as it would from a socket.
    if (body) req.emit('data', Buffer.from(body, 'utf8'));
    req.emit('end');
  }

  /**
   * Closes the store once the port's requests under way have their answers, as dynalite's own close lets the
   * socket's finish: a store closed under a request fails the thread. The parent sends none after its close.
   */
  async function close() {
    if (portRequests > 0) await new Promise<void>((resolve) => (drained = resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  const restored = restoreFrom ? await restore(restoreFrom) : false;
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  return { port, restored, servePortRequest, close };
}

/** Every key and value of the store, alternating, as stored: tables, items and index entries alike. */
async function dump(file: string) {
  const entries: string[] = [];
  for await (const [key, value] of store!.iterator(raw)) entries.push(key, value);
  writeFileSync(file, serialize(entries));
  return entries.length / 2;
}

async function restore(file: string) {
  for await (const _key of store!.keys({ ...raw, limit: 1 })) return false;
  const entries = deserialize(readFileSync(file)) as string[];
  const operations: { type: 'put'; key: string; value: string }[] = [];
  for (let i = 0; i < entries.length; i += 2)
    operations.push({ type: 'put', key: entries[i]!, value: entries[i + 1]! });
  // dynalite replaces the store's own batch with one that takes a callback and no options.
  await (Object.getPrototypeOf(store) as Store).batch.call(store, operations, raw);
  return true;
}

// The thread serves one database at a time, then waits for the next start (dynalite-server.ts keeps it for the next
// database of the process). The parent sends requests only once it has the port, and none after its close.
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
parent.on('message', (message: DynaliteWorkerRequest) => {
  if (typeof message === 'object' && 'request' in message) database!.servePortRequest(message.request);
  else if (typeof message === 'object' && 'start' in message)
    void openDatabase(message.start).then((opened) => {
      database = opened;
      post({ port: opened.port, restored: opened.restored });
    });
  else if (message === 'flush') post({ flushed: true });
  else if (message === 'close')
    void database!.close().then(() => {
      // The closed store's items go with it, not kept while the thread waits for its next database.
      database = undefined;
      store = undefined;
      post({ closed: true });
    });
  else void dump(message.dump).then((count) => post({ dumped: count }));
});
