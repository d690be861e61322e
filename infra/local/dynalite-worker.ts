// The database thread of dynalite-server.ts: dynalite with a tap on committed PutItem calls to the events
// table. Each committed item is posted to the parent before its answer leaves, and 'flush' is answered
// after every item posted before it (a port keeps the order of its messages).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

// In memory, dynalite keeps every key and value as a Buffer (memory-level's default store encoding): a
// tenant's worth of them turns each scavenge of the collector into milliseconds. As strings they cost it far
// less (a settlement's writes ran 25% faster). dynalite makes the store itself, so the class it takes is set
// before it loads.
const require = createRequire(import.meta.url);
const memoryLevel = require('memory-level') as { MemoryLevel: new (options?: object) => object };
const { MemoryLevel } = memoryLevel;
memoryLevel.MemoryLevel = class extends MemoryLevel {
  constructor(options?: object) {
    super({ ...options, storeEncoding: 'utf8' });
  }
};
const dynalite = require('dynalite') as typeof import('dynalite').default;

export interface DynaliteWorkerData {
  path: string | undefined;
  eventsTable: string;
}

export type DynaliteWorkerMessage =
  { image: Record<string, unknown> } | { port: number } | { flushed: true } | { closed: true };

const { path, eventsTable } = workerData as DynaliteWorkerData;
const parent = parentPort!;
const post = (message: DynaliteWorkerMessage) => parent.postMessage(message);

const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
const [handle] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
server.removeAllListeners('request');
server.on('request', (req: IncomingMessage, res: ServerResponse) => {
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
});
parent.on('message', (message: 'flush' | 'close') => {
  if (message === 'flush') post({ flushed: true });
  else server.close(() => post({ closed: true }));
});
server.listen(0, '127.0.0.1', () => post({ port: (server.address() as AddressInfo).port }));
