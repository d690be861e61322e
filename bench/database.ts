// Starts the benchmark's database: in-memory dynalite with no projector attached, in a child
// process by default (BENCH_DYNALITE=inprocess runs it in this process, like the local stack).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startDynalite } from '../infra/local/dynalite-server.ts';
import { localTableNames } from '../functions/store/tables.ts';

export interface BenchDatabase {
  endpoint: string;
  mode: 'child process' | 'in process';
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
      mode: 'in process',
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
