// npm run bench: the performance benchmark (steps per tenant size in bench/size-run.ts, the HTTP
// load on the local stack in bench/stack-run.ts, the Leaderboard page in bench/browser-run.ts), each in a fresh process. Prints a Markdown table
// and writes it to bench/results/<date>.md and bench/results/latest.md, and the tracked figures as data
// to bench/results/latest.json (bench/latest-json.ts).
//   BENCH_SIZES="1000,10000" (default)   BENCH_SIZES=200 for a quick run   BENCH_STACK=0 skips the HTTP load
//   BENCH_BROWSER=0 skips the Leaderboard page in Chromium (bench/browser-run.ts)
//   BENCH_USERS_CSV=0 skips the 10,000-row users CSV import (bench/users-csv-run.ts)
//   BENCH_LIGHTHOUSE=0 skips Lighthouse's mobile scores of the player's pages (bench/lighthouse-run.ts; needs web/dist)
//   BENCH_COLD_STARTS=0 skips each Lambda bundle's cold start on Node 24 (bench/cold-starts-run.ts)
//   BENCH_LIVE=0 skips live game day's feed-to-page step (bench/live-scores-run.ts; BENCH_BROWSER=0 measures the API only)
//   BENCH_SIZES= (empty) runs only the steps set to 1: `BENCH_SIZES= BENCH_LIVE=1 npm run bench` is the live step
//   alone; latest.json then keeps its other figures and takes the new ones
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { coldStartsSection, lighthouseSection, markdown, usersCsvSection } from './report.ts';
import type {
  BrowserResult,
  ColdStartsResult,
  LighthouseResult,
  Machine,
  SizeResult,
  StackResult,
  UsersCsvResult,
} from './result-types.ts';
import { benchData } from './latest-json.ts';
import { type LiveScoresResult, liveData, liveScoresSection } from './live-scores-report.ts';
import { progress, runChild } from './util.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const sizes = (process.env.BENCH_SIZES ?? '1000,10000')
  .split(/[\s,]+/)
  .filter(Boolean)
  .map(Number);
/** With no sizes asked, a step runs only when its variable is 1; otherwise unless it is 0. */
const chosen = sizes.length === 0;
const runs = (step: string) => (chosen ? process.env[step] === '1' : process.env[step] !== '0');
if (sizes.some((size) => !Number.isInteger(size) || size < 1))
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
const stack = runs('BENCH_STACK') ? await runChild<StackResult>(here('./stack-run.ts'), []) : undefined;
// The leaderboard page's run; the live step's own Chromium follows BENCH_BROWSER=0 only.
const browser =
  sizes.length && runs('BENCH_BROWSER') ? await runChild<BrowserResult>(here('./browser-run.ts'), []) : undefined;
const usersCsv = runs('BENCH_USERS_CSV') ? await runChild<UsersCsvResult>(here('./users-csv-run.ts'), []) : undefined;
const coldStarts = runs('BENCH_COLD_STARTS')
  ? await runChild<ColdStartsResult>(here('./cold-starts-run.ts'), [])
  : undefined;
const lighthouse = runs('BENCH_LIGHTHOUSE')
  ? await runChild<LighthouseResult>(here('./lighthouse-run.ts'), [], {
      env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'WARN' },
    })
  : undefined;
const live = runs('BENCH_LIVE')
  ? await runChild<LiveScoresResult>(here('./live-scores-run.ts'), [], {
      env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'WARN' },
    })
  : undefined;

machine.loadAfter = loadavg()[0]!;

/** This run's figures over the last file's: a run of the live step alone leaves the sizes' figures as they were. */
function mergedData(file: string) {
  const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const { date, loadBefore, loadAfter } = machine;
  return {
    ...before,
    ...(sizes.length && benchData(machine, results, browser)),
    ...(live && { live: { ...liveData(live), machine: { date, loadBefore, loadAfter } } }),
  };
}

/** The report; a run of single steps alone (live, cold starts) replaces only their sections of the last one. */
function mergedReport(file: string, report: string) {
  if (sizes.length || !existsSync(file)) return report;
  let merged = readFileSync(file, 'utf8');
  for (const [ran, heading, section] of [
    [coldStarts, '\n## Lambda cold starts', coldStartsSection(coldStarts)],
    [lighthouse, '\n## Lighthouse', lighthouseSection(lighthouse)],
    [live, '\n## Live game day', liveScoresSection(live)],
  ] as const) {
    if (!ran) continue;
    const at = merged.indexOf(heading);
    const end = at < 0 ? -1 : merged.indexOf('\n## ', at + heading.length);
    merged = at < 0 ? merged + section : merged.slice(0, at) + section + (end < 0 ? '' : merged.slice(end));
  }
  return merged;
}
const report =
  markdown(machine, results, stack, browser, Date.now() - started) +
  usersCsvSection(usersCsv) +
  coldStartsSection(coldStarts) +
  lighthouseSection(lighthouse) +
  liveScoresSection(live);
console.log(`\n${report}`);
const folder = here('./results/');
mkdirSync(folder, { recursive: true });
writeFileSync(`${folder}${machine.date.replaceAll(':', '-')}.md`, report);
writeFileSync(`${folder}latest.md`, mergedReport(`${folder}latest.md`, report));
writeFileSync(`${folder}latest.json`, `${JSON.stringify(mergedData(`${folder}latest.json`), null, 2)}\n`);
progress(
  `written to bench/results/${machine.date.replaceAll(':', '-')}.md, bench/results/latest.md and bench/results/latest.json`,
);
