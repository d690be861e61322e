// A crash as an operator would see one: a support script starts the stack on a data folder and kills itself
// with SIGKILL halfway through a job; then the stack starts again on that folder.
import { spawnSync } from 'node:child_process';
import { type LocalStack, startLocalStack } from '../../../infra/local/stack.ts';

/** Runs the script (a path under the repo) with the data folder and the clock's time; answers how it ended. */
export function runUntilKilled(script: string, dataDir: string, now: string) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', script, dataDir, now], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { signal: child.signal, stderr: child.stderr };
}

/** The stack again on the folder at `now` (after the dead worker's lease ran out), with every job it reran done. */
export async function restartAfterCrash(dataDir: string, now: string): Promise<LocalStack> {
  const stack = await startLocalStack({ dataDir, port: 0, seed: false, now, webRoot: '/none' });
  await stack.settled();
  return stack;
}
