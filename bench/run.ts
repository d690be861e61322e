// npm run bench: the performance benchmark (steps per tenant size in bench/size-run.ts, the HTTP
// load on the local stack in bench/stack-run.ts, the Leaderboard page in bench/browser-run.ts), each in a fresh process. Prints a Markdown table
// and writes it to bench/results/<date>.md and bench/results/latest.md, and the tracked figures as data
// to bench/results/latest.json (bench/latest-json.ts).
//   BENCH_SIZES="1000,10000" (default)   BENCH_SIZES=200 for a quick run   BENCH_STACK=0 skips the HTTP load
//   BENCH_BROWSER=0 skips the Leaderboard page in Chromium (bench/browser-run.ts)
//   BENCH_USERS_CSV=0 skips the 10,000-row users CSV import (bench/users-csv-run.ts)
//   BENCH_LIVE=0 skips live game day's feed-to-page step (bench/live-scores-run.ts; BENCH_BROWSER=0 measures the API only)
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { markdown, usersCsvSection } from './report.ts';
import type { BrowserResult, Machine, SizeResult, StackResult, UsersCsvResult } from './result-types.ts';
import { benchData } from './latest-json.ts';
import { type LiveScoresResult, liveScoresSection } from './live-scores-report.ts';
import { progress, runChild } from './util.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const sizes = (process.env.BENCH_SIZES ?? '1000,10000')
  .split(/[\s,]+/)
  .filter(Boolean)
  .map(Number);
if (!sizes.length || sizes.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error(`BENCH_SIZES must list player counts, got '${process.env.BENCH_SIZES}'`);

const started = Date.now();
const machine: Machine = {
  date: new Date().toISOString(),
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  loadBefore: loadavg()[0]!,
};
progress(`sizes ${sizes.join(', ')} on ${machine.cpus} CPUs, Node ${machine.node}`);

const results: SizeResult[] = [];
for (const size of sizes)
  results.push(await runChild<SizeResult>(here('./size-run.ts'), [String(size)], { heapMb: 6144 }));
const stack = process.env.BENCH_STACK === '0' ? undefined : await runChild<StackResult>(here('./stack-run.ts'), []);
const browser =
  process.env.BENCH_BROWSER === '0' ? undefined : await runChild<BrowserResult>(here('./browser-run.ts'), []);
const usersCsv =
  process.env.BENCH_USERS_CSV === '0' ? undefined : await runChild<UsersCsvResult>(here('./users-csv-run.ts'), []);
const live =
  process.env.BENCH_LIVE === '0'
    ? undefined
    : await runChild<LiveScoresResult>(here('./live-scores-run.ts'), [], {
        env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'WARN' },
      });

machine.loadAfter = loadavg()[0]!;
const report =
  markdown(machine, results, stack, browser, Date.now() - started) +
  usersCsvSection(usersCsv) +
  liveScoresSection(live);
console.log(`\n${report}`);
const folder = here('./results/');
mkdirSync(folder, { recursive: true });
writeFileSync(`${folder}${machine.date.replaceAll(':', '-')}.md`, report);
writeFileSync(`${folder}latest.md`, report);
writeFileSync(`${folder}latest.json`, `${JSON.stringify(benchData(machine, results, browser), null, 2)}\n`);
progress(
  `written to bench/results/${machine.date.replaceAll(':', '-')}.md, bench/results/latest.md and bench/results/latest.json`,
);
