// The benchmark report's Markdown: the size runs' tables, the HTTP load, the Leaderboard page, the users CSV import.
import type {
  ColdStartsResult,
  LighthouseResult,
  BrowserResult,
  Machine,
  SizeResult,
  StackResult,
  UsersCsvResult,
} from './result-types.ts';
import { dashboardDetail, sizeTable } from './size-table.ts';
import { millis, number, seconds } from './table-cells.ts';

export function stackTable(result: StackResult): string {
  return [
    '| metric | value |',
    '|---|---:|',
    `| bettors / requests / workers | ${result.bettors} / ${number(result.requests)} / ${result.workers} |`,
    `| HTTP statuses | ${Object.entries(result.statuses)
      .map(([status, count]) => `${status}: ${number(count)}`)
      .join(', ')} |`,
    `| elapsed | ${seconds(result.ms)} |`,
    `| requests/s | ${number(result.perSecond)} |`,
    `| latency p50 / p95 / max | ${millis(result.p50)} / ${millis(result.p95)} / ${millis(result.max)} |`,
    `| stream emulator drained after the last answer (stack.settled()) | ${seconds(result.drainMs)} |`,
  ].join('\n');
}

export function browserTable(result: BrowserResult): string {
  return [
    '| metric | value | target |',
    '|---|---:|---:|',
    `| first rows visible after navigating, as one of the last of ${number(result.bettors)} bettors (own row pinned: #${number(result.ownRank)}) | ${millis(result.firstRowsMs)} | ≤ 1.5 s |`,
    `| rows then (pinned own row + first page) | ${number(result.firstRows)} | |`,
    `| 'Show more' until the next page's rows show / rows then | ${millis(result.nextPageMs)} / ${number(result.rowsAfterMore)} | |`,
    `| sort by YTD Points (click to rows of the new order) | ${millis(result.sortMs)} | |`,
    `| DOM nodes | ${number(result.domNodes)} | |`,
  ].join('\n');
}

export function markdown(
  machine: Machine,
  results: readonly SizeResult[],
  stack: StackResult | undefined,
  browser: BrowserResult | undefined,
  totalMs: number,
): string {
  const first = results[0];
  return [
    `# Benchmark, ${machine.date}`,
    '',
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGb} GB RAM, Node ${machine.node}, ${machine.platform}; ` +
      `1-minute load average ${number(machine.loadBefore, 2)} before, ${number(machine.loadAfter ?? Number.NaN, 2)} after. Whole run: ${seconds(totalMs)}.`,
    '',
    `Setup: in-memory dynalite (${first?.database ?? '—'}), projector detached while loading; the demo seed plus N bettors; ` +
      `clock pinned to ${first?.now ?? '—'} (Sunday 12:00 New York, week 9 of 18). Every bettor places five picks in each of ` +
      `weeks 1–9 (a slip takes picks of the current week only) through runSlipCommand at the week's start + 30 min; in week ` +
      `9 every 20-point pick is on one game G. ` +
      'Request costs come from a metered DynamoDB client (ReturnConsumedCapacity TOTAL on every read), handlers called ' +
      'in-process with API Gateway v2 events. "Query" counts Query pages (one request each).',
    '',
    sizeTable(results),
    '',
    '## Dashboard, per call',
    '',
    dashboardDetail(results),
    '',
    '## Concurrent set-bets over HTTP on the local stack (`startLocalStack`, stream emulator and projector attached)',
    '',
    stack ? stackTable(stack) : '(not run)',
    '',
    '## The Leaderboard page in Chromium (local stack, 10,000 more bettors, one of the last signed in)',
    '',
    browser ? browserTable(browser) : '(not run)',
    '',
  ].join('\n');
}

export function usersCsvSection(result: UsersCsvResult | undefined): string {
  return [
    '',
    '## Users CSV import (upload over HTTP on the local stack, the ImportUsers job to its end)',
    '',
    ...(result
      ? [
          '| metric | value |',
          '|---|---:|',
          `| rows / file size | ${number(result.rows)} / ${number(result.megabytes, 2)} MB |`,
          `| created / refused | ${number(result.created)} / ${number(result.refused)} |`,
          `| upload to job finished | ${seconds(result.ms)} |`,
          `| rows/s | ${number(result.rowsPerSecond)} |`,
          `| process RSS before / peak (stack, database and job in one process) | ${number(result.rssBeforeMb)} MB / ${number(result.peakRssMb)} MB |`,
        ]
      : ['(not run)']),
    '',
  ].join('\n');
}

/** The areas a player's pages call: their cold start is what a player may wait for after a quiet spell. */
const playerAreas = ['authApi', 'usersApi', 'catalogueApi', 'betsApi', 'leaderboardApi'];
const coldStartBudgetMs = 250;

export function coldStartsSection(result: ColdStartsResult | undefined): string {
  return [
    '',
    `## Lambda cold starts (each shipped bundle on ${result?.node ?? 'Node 24'}: import to handler ready, median of 3)`,
    '',
    ...(result
      ? [
          '| function | init | zipped | target |',
          '|---|---:|---:|---|',
          ...result.functions.map(
            ({ name, initMs, zippedKb }) =>
              `| ${name} | ${number(initMs)} ms | ${number(zippedKb)} kB | ${
                playerAreas.includes(name) ? `≤ ${coldStartBudgetMs} ms ${initMs <= coldStartBudgetMs ? '✓' : '✗'}` : ''
              } |`,
          ),
        ]
      : ['(not run)']),
    '',
  ].join('\n');
}

/** Lighthouse's performance target for each player page, and its layout-shift ceiling. */
const lighthouseTarget = { performance: 90, cls: 0.05 };

export function lighthouseSection(result: LighthouseResult | undefined): string {
  return [
    '',
    `## Lighthouse, ${result?.preset ?? 'mobile'} preset (the player's pages on the local stack; median of ${result?.runs ?? 3} runs)`,
    '',
    ...(result
      ? [
          '| page | performance (each run) | accessibility | CLS | LCP | TBT | target |',
          '|---|---:|---:|---:|---:|---:|---|',
          ...result.pages.map(
            (page) =>
              `| ${page.name} | ${page.performance} (${page.runs.join(', ')}) | ${page.accessibility} | ${page.cls.toFixed(3)} | ${seconds(page.lcpMs)} | ${millis(page.tbtMs)} | ≥ ${lighthouseTarget.performance}, CLS ≤ ${lighthouseTarget.cls} ${
                page.performance >= lighthouseTarget.performance && page.cls <= lighthouseTarget.cls ? '✓' : '✗'
              } |`,
          ),
        ]
      : ['(not run)']),
    '',
  ].join('\n');
}
