// What the benchmark processes report, and the Markdown it becomes.
import type { ScreenCost } from './leaderboard-screens.ts';
import type { Cost } from './metered-client.ts';

export interface DashboardCost {
  total: Cost;
  perCall: Record<string, Cost>;
}

/** One page of the users list: the answer's total, its rows and what reading it cost. */
export interface UsersPageCost {
  total: number;
  rows: number;
  cost: Cost;
}

/** Wall time of a phase and the CPU seconds the benchmark process and the database process spent in it. */
export interface PhaseUsage {
  wallMs: number;
  benchCpu: number;
  databaseCpu: number | undefined;
}

export interface SizeResult {
  players: number;
  tenantPlayers: number;
  database: string;
  now: string;
  seedMs: number;
  addPlayersMs: number;
  picks: { commands: number; events: number; ms: number; perSecond: number; concurrency: number };
  game: { id: number; beginning: string; bets: number };
  importResults: { results: number; changed: number; weeksClosed: number; penalties: number; cost: Cost };
  importScoresNoChange: { results: number; changed: number; weeksClosed: number; penalties: number; cost: Cost };
  rebuild: { commits: number; events: number; weeks: number; ms: number; eventsPerSecond: number; cost: Cost };
  leaderboard: {
    firstScreen: ScreenCost;
    nextPage: ScreenCost;
    unchangedRefresh: ScreenCost;
    rows: number;
    nextRows: number;
    me: { rank: number; players: number } | undefined;
  };
  /** The same screens sorted by the Live column (sort=live) while games are under way. */
  liveLeaderboard: SizeResult['leaderboard'] & { liveGames: number; underWay: number };
  top3: { rows: number; cost: Cost };
  dashboardBettor: DashboardCost;
  dashboardCoach: DashboardCost;
  usersList: { firstPage: UsersPageCost; search: UsersPageCost & { term: string } };
  settlement: { cost: Cost; graded: number; expected: number };
  closeWeekProbe: { events: number; bytes: number; error: string | undefined };
  phases: Record<string, PhaseUsage>;
  totalMs: number;
  /** 1-minute load average when the size run ended (the machine is shared). */
  loadAverage?: number;
}

export interface BrowserResult {
  bettors: number;
  /** The signed-in player's own rank, pinned at the top. */
  ownRank: number;
  firstRows: number;
  firstRowsMs: number;
  nextPageMs: number;
  rowsAfterMore: number;
  sortMs: number;
  domNodes: number;
}

export interface StackResult {
  bettors: number;
  requests: number;
  workers: number;
  statuses: Record<string, number>;
  ms: number;
  perSecond: number;
  p50: number;
  p95: number;
  max: number;
  drainMs: number;
}

export interface Machine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
  /** 1-minute load average before and after the run: other work on the machine skews the numbers. */
  loadBefore: number;
  loadAfter?: number;
}

const number = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '—';
const seconds = (ms: number) => `${number(ms / 1000, 1)} s`;
const millis = (ms: number) => `${number(ms)} ms`;
const operations = (cost: Cost) =>
  Object.entries(cost.byOperation)
    .filter(([name]) => name !== 'Query')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
const requests = (cost: Cost) =>
  `${cost.requests}: ${cost.queryPages} Query${operations(cost) ? `, ${operations(cost)}` : ''}`;
const screen = (cost: ScreenCost) =>
  `${number(cost.requests)} / ${number(cost.items)} / ${number(cost.bytes / 1024, 1)} kB / ${millis(cost.ms)}`;

const usersPageCost = ({ cost }: UsersPageCost) =>
  `${number(cost.itemsRead)} / ${number(cost.readUnits, 1)} / ${millis(cost.ms)}`;

type Row = [metric: string, values: (result: SizeResult) => string, target: string];

const busy = (result: SizeResult, phase: string) => {
  const usage = result.phases[phase];
  if (!usage) return '—';
  const share = (cpu: number | undefined) =>
    cpu === undefined ? '?' : `${Math.round((100 * cpu) / (usage.wallMs / 1000))}%`;
  return `${share(usage.benchCpu)} / ${share(usage.databaseCpu)}`;
};
const cpuRow = (phase: string): Row => ['… CPU busy: bench process / dynalite process', (r) => busy(r, phase), ''];

const rows: Row[] = [
  ['Users in the demo client (bench bettors + 13 seeded)', (r) => number(r.tenantPlayers), ''],
  ['Place a season of picks: set-bets commands (18 weeks × N)', (r) => number(r.picks.commands), ''],
  ['… elapsed', (r) => seconds(r.picks.ms), ''],
  ['… commands/s (8 in flight, runSlipCommand)', (r) => number(r.picks.perSecond), ''],
  cpuRow('picks'),
  ['importResults (weeks 1–9 results, closes weeks 1–8): elapsed', (r) => seconds(r.importResults.cost.ms), ''],
  ['… requests', (r) => requests(r.importResults.cost), ''],
  cpuRow('importResults'),
  ['Rebuild views: events (commits)', (r) => `${number(r.rebuild.events)} (${number(r.rebuild.commits)})`, ''],
  ['… elapsed', (r) => seconds(r.rebuild.ms), ''],
  ['… events/s', (r) => number(r.rebuild.eventsPerSecond), '≥ 5,000'],
  ['… requests', (r) => requests(r.rebuild.cost), ''],
  cpuRow('rebuild'),
  [
    'Import Scores again, nothing new: elapsed / requests / items read',
    (r) =>
      `${seconds(r.importScoresNoChange.cost.ms)} / ${number(r.importScoresNoChange.cost.requests)} / ${number(r.importScoresNoChange.cost.itemsRead)}`,
    '≤ 2 s, ≤ 200 items',
  ],
  [
    'Leaderboard page, first screen (6 calls) as a bench player: own rank',
    (r) => (r.leaderboard.me ? `#${number(r.leaderboard.me.rank)} of ${number(r.leaderboard.me.players)}` : '—'),
    '',
  ],
  ['… requests / items read / JSON / elapsed', (r) => screen(r.leaderboard.firstScreen), '≤ 100 items, ≤ 100 kB'],
  [
    '… per call: items / JSON',
    (r) =>
      Object.entries(r.leaderboard.firstScreen.perCall)
        .map(([name, call]) => `${name.replace('GET ', '')} ${call.items}/${number(call.bytes / 1024, 1)} kB`)
        .join(', '),
    '',
  ],
  [
    'Leaderboard, unchanged refresh (304): requests / items read / elapsed',
    (r) =>
      `${number(r.leaderboard.unchangedRefresh.requests)} / ${number(r.leaderboard.unchangedRefresh.items)} / ${seconds(r.leaderboard.unchangedRefresh.ms)}`,
    'the stamps only',
  ],
  [
    'Leaderboard, next page: requests / items read / JSON / elapsed',
    (r) => screen(r.leaderboard.nextPage),
    '≤ 100 items',
  ],
  [
    'Live leaderboard (sort=live, week 9, 1 pm games under way), first screen / next page',
    (r) =>
      `${r.liveLeaderboard.liveGames} live games, own row #${r.liveLeaderboard.me?.rank ?? '—'}: ${screen(r.liveLeaderboard.firstScreen)} / ${screen(r.liveLeaderboard.nextPage)}`,
    '≤ 100 items',
  ],
  [
    'Top 3 (limit=3, showRegularGames=false): requests',
    (r) => requests(r.top3.cost),
    '1 Query (limit) + the week aggregate (+ auth)',
  ],
  [
    '… items read / RCU / elapsed',
    (r) => `${number(r.top3.cost.itemsRead)} / ${number(r.top3.cost.readUnits, 1)} / ${millis(r.top3.cost.ms)}`,
    '',
  ],
  ['Dashboard, bettor (6 calls in parallel): requests', (r) => requests(r.dashboardBettor.total), ''],
  [
    '… items read / RCU / elapsed',
    (r) =>
      `${number(r.dashboardBettor.total.itemsRead)} / ${number(r.dashboardBettor.total.readUnits, 1)} / ${millis(r.dashboardBettor.total.ms)}`,
    '',
  ],
  ['Dashboard, coach (6 calls in parallel): requests', (r) => requests(r.dashboardCoach.total), ''],
  [
    '… items read / RCU / elapsed',
    (r) =>
      `${number(r.dashboardCoach.total.itemsRead)} / ${number(r.dashboardCoach.total.readUnits, 1)} / ${millis(r.dashboardCoach.total.ms)}`,
    '',
  ],
  [
    'Users list, company admin, first page of 50: total / rows',
    (r) => `${number(r.usersList.firstPage.total)} / ${number(r.usersList.firstPage.rows)}`,
    '',
  ],
  ['… requests', (r) => requests(r.usersList.firstPage.cost), ''],
  [
    '… items read / RCU / elapsed',
    (r) => usersPageCost(r.usersList.firstPage),
    'users list page of 50 at 10,000 users reads ≤ 60 items',
  ],
  [
    'Users list, first page of 50 with a search (login prefix): term / total / rows',
    (r) => `'${r.usersList.search.term}' / ${number(r.usersList.search.total)} / ${number(r.usersList.search.rows)}`,
    '',
  ],
  ['… requests', (r) => requests(r.usersList.search.cost), ''],
  [
    '… items read / RCU / elapsed',
    (r) => usersPageCost(r.usersList.search),
    'a search reads in proportion to the users it finds',
  ],
  ['Settlement of game G (N bets): applyCommit elapsed', (r) => seconds(r.settlement.cost.ms), '≤ 5 s at 10,000 bets'],
  ['… requests', (r) => requests(r.settlement.cost), ''],
  [
    '… items read / written',
    (r) => `${number(r.settlement.cost.itemsRead)} / ${number(r.settlement.cost.itemsWritten)}`,
    '',
  ],
  cpuRow('settlement'),
  [
    '… graded 20-point picks on the week 9 leaderboard',
    (r) =>
      `${number(r.settlement.graded)} ${r.settlement.graded === r.settlement.expected ? '✓' : `✗ (expected ${number(r.settlement.expected)})`}`,
    '= N',
  ],
  [
    'Close-week commit for a week nobody picked: size',
    (r) =>
      `${number(r.closeWeekProbe.events)} events, ${number(r.closeWeekProbe.bytes / 1024)} kB: ${r.closeWeekProbe.error ? 'REJECTED' : 'accepted'}`,
    '≤ 400 kB (DynamoDB item)',
  ],
  ['Whole size run', (r) => seconds(r.totalMs), ''],
  ['Load average (1 min) at its end', (r) => (r.loadAverage === undefined ? '—' : number(r.loadAverage, 2)), ''],
];

const escape = (text: string) => text.replaceAll('|', '\\|');

export function sizeTable(results: readonly SizeResult[]): string {
  const header = `| metric | ${results.map((r) => `${number(r.players)} players`).join(' | ')} | target |`;
  const rule = `|---|${results.map(() => '---:').join('|')}|---|`;
  return [
    header,
    rule,
    ...rows.map(
      ([metric, value, target]) =>
        `| ${escape(metric)} | ${results.map((r) => escape(value(r))).join(' | ')} | ${escape(target)} |`,
    ),
  ].join('\n');
}

export function dashboardDetail(results: readonly SizeResult[]): string {
  const lines = [
    '| dashboard call | ' +
      results.flatMap((r) => [`bettor, ${number(r.players)}`, `coach, ${number(r.players)}`]).join(' | ') +
      ' |',
  ];
  lines.push(`|---|${results.flatMap(() => ['---:', '---:']).join('|')}|`);
  const names = [
    ...new Set(
      results.flatMap((r) => [...Object.keys(r.dashboardBettor.perCall), ...Object.keys(r.dashboardCoach.perCall)]),
    ),
  ];
  const cell = (cost: Cost | undefined) =>
    cost ? `${cost.requests} req, ${number(cost.itemsRead)} items, ${number(cost.readUnits, 1)} RCU` : '—';
  for (const name of names) {
    lines.push(
      `| ${escape(name)} | ${results.flatMap((r) => [cell(r.dashboardBettor.perCall[name]), cell(r.dashboardCoach.perCall[name])]).join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

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
      `the 18 NFL weeks through runSlipCommand at the week's start + 30 min; in week 9 every 20-point pick is on one game G. ` +
      'Request costs come from a metered DynamoDB client (ReturnConsumedCapacity TOTAL on every request), handlers called ' +
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

export interface UsersCsvResult {
  rows: number;
  megabytes: number;
  ms: number;
  rowsPerSecond: number;
  created: number;
  refused: number;
  rssBeforeMb: number;
  peakRssMb: number;
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
