// dynalite in-process, with a tap on committed PutItem calls to the events table: the local
// stand-in for the table's DynamoDB stream. The tap sees what the database accepted (a 200
// answer), whoever wrote it, as the NEW_IMAGE a real stream would carry.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DynaliteOptions {
  /** LevelDB folder; undefined keeps everything in memory. */
  path: string | undefined;
  eventsTable: string;
  onCommit: (image: Record<string, AttributeValue>) => void;
}

export interface RunningDynalite {
  endpoint: string;
  close(): Promise<void>;
}

export async function startDynalite({ path, eventsTable, onCommit }: DynaliteOptions): Promise<RunningDynalite> {
  const server: Server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const [handle] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!String(req.headers['x-amz-target'] ?? '').endsWith('.PutItem')) return handle!(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('finish', () => {
      if (res.statusCode !== 200) return;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        TableName?: string;
        Item?: Record<string, AttributeValue>;
      };
      if (body.TableName === eventsTable && body.Item) onCommit(body.Item);
    });
    handle!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
