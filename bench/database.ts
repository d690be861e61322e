// Starts the benchmark's database: in-memory dynalite with no projector attached, in a child process by
// default, where its CPU time can be read (BENCH_DYNALITE=inprocess starts it from this process, on a thread
// of its own like the local stack).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMissingTables } from '../infra/local/bootstrap-tables.ts';
import { startDynalite } from '../infra/local/dynalite-server.ts';
import { localTableNames } from '../functions/store/tables.ts';

export interface BenchDatabase {
  endpoint: string;
  mode: 'child process' | 'thread';
  /** CPU seconds (user + system) the database process has used so far; undefined in process. */
  cpuSeconds(): Promise<number | undefined>;
  close(): Promise<void>;
}

export async function startBenchDatabase(): Promise<BenchDatabase> {
  if (process.env.BENCH_DYNALITE === 'inprocess') {
    const database = await startDynalite({
      path: undefined,
      eventsTable: localTableNames().events,
      onCommit: () => undefined,
    });
    return {
      endpoint: database.endpoint,
      mode: 'thread',
      cpuSeconds: async () => undefined,
      close: () => database.close(),
    };
  }
  const child = fork(fileURLToPath(new URL('./dynalite-process.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--max-old-space-size=8192'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { endpoint: string }).endpoint));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`dynalite process exited early (${code})`)));
  });
  return {
    endpoint,
    mode: 'child process',
    cpuSeconds: () =>
      new Promise((resolve) => {
        const listener = (message: unknown) => {
          const cpu = (message as { cpu?: NodeJS.CpuUsage }).cpu;
          if (!cpu) return;
          child.off('message', listener);
          resolve((cpu.user + cpu.system) / 1e6);
        };
        child.on('message', listener);
        child.send('cpu');
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

/**
 * Points the handlers' environment at the database (no clock, season or provider overrides) and creates the
 * tables; answers their names and the admin client that created them (destroy it when done).
 */
export async function useBenchTables(database: BenchDatabase) {
  const names = localTableNames();
  for (const name of ['PICKEM_NOW', 'DEMO_SEASON_START', 'SPORTS_PROVIDER']) delete process.env[name];
  Object.assign(process.env, {
    AWS_REGION: 'local',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: database.endpoint,
    EVENTS_TABLE: names.events,
    STATE_TABLE: names.state,
    VIEWS_TABLE: names.views,
  });
  const admin = new DynamoDBClient({
    endpoint: database.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await createMissingTables(admin, names);
  return { names, admin };
}
