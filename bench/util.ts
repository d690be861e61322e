// Small tools the benchmark shares: timing, percentiles, progress lines.
import { fork } from 'node:child_process';

export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const startedAt = Date.now();
export function progress(message: string) {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1).padStart(6);
  console.log(`[bench ${seconds}s] ${message}`);
}

export const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/**
 * Runs a TypeScript module in a fresh Node process (tsx loader) and resolves with the one message
 * it sends back. A fresh process per tenant size keeps heaps, module caches (the leaderboard's team
 * cache) and process.env apart.
 */
export function runChild<T>(
  file: string,
  args: string[],
  options: { heapMb?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const execArgv = ['--import', 'tsx', ...(options.heapMb ? [`--max-old-space-size=${options.heapMb}`] : [])];
    const child = fork(file, args, {
      execArgv,
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: options.env ?? process.env,
    });
    let answer: T | undefined;
    child.on('message', (message) => (answer = message as T));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (answer !== undefined && code === 0) resolve(answer);
      else
        reject(
          new Error(
            `${file} ${args.join(' ')} exited with ${signal ?? code}${answer === undefined ? ' without a result' : ''}`,
          ),
        );
    });
  });
}
