// The benchmark report's table per tenant size (one column per size run) and its dashboard detail.
import type { Cost } from './metered-client.ts';
import { cpuShares } from './phases.ts';
import type { SizeResult, UsersPageCost } from './result-types.ts';
import { escape, millis, number, requests, screen, seconds } from './table-cells.ts';

const usersPageCost = ({ cost }: UsersPageCost) =>
  `${number(cost.itemsRead)} / ${number(cost.readUnits, 1)} / ${millis(cost.ms)}`;

type Row = [metric: string, values: (result: SizeResult) => string, target: string];

const busy = (result: SizeResult, phase: string) => {
  const usage = result.phases[phase];
  if (!usage) return '—';
  const { bench, database } = cpuShares(usage);
  return `${bench} / ${database}`;
};
const cpuRow = (phase: string): Row => ['… CPU busy: bench process / dynalite process', (r) => busy(r, phase), ''];

const rows: Row[] = [
  ['Users in the demo client (bench bettors + 13 seeded)', (r) => number(r.tenantPlayers), ''],
  ['Place a season of picks: set-bets commands (weeks 1–9 × N)', (r) => number(r.picks.commands), ''],
  ['… elapsed', (r) => seconds(r.picks.ms), ''],
  ['… commands/s (8 in flight, runSlipCommand)', (r) => number(r.picks.perSecond), ''],
  cpuRow('picks'),
  ['importScores (weeks 1–9 results, closes weeks 1–8): elapsed', (r) => seconds(r.importScores.cost.ms), ''],
  ['… requests', (r) => requests(r.importScores.cost), ''],
  cpuRow('importScores'),
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
    'a search reads the users it finds, at most 200 by each field',
  ],
  [
    'Users list, a search every bench player matches (login and e-mail prefix): term / total listed / rows',
    (r) =>
      r.usersList.broadSearch
        ? `'${r.usersList.broadSearch.term}' / ${number(r.usersList.broadSearch.total)} / ${number(r.usersList.broadSearch.rows)}, more`
        : '—',
    '',
  ],
  [
    '… items read / RCU / elapsed',
    (r) => (r.usersList.broadSearch ? usersPageCost(r.usersList.broadSearch) : '—'),
    'independent of N: ≤ 201 items by each field that matches (login and e-mail here)',
  ],
  [
    'Missing Picks, company admin, week 9, first page of 50: rows',
    (r) =>
      r.missingPicks ? `${number(r.missingPicks.rows)}${r.missingPicks.more ? ' (more behind a cursor)' : ''}` : '—',
    '',
  ],
  ['… requests', (r) => (r.missingPicks ? requests(r.missingPicks.cost) : '—'), ''],
  [
    '… items read / RCU / elapsed',
    (r) =>
      r.missingPicks
        ? `${number(r.missingPicks.cost.itemsRead)} / ${number(r.missingPicks.cost.readUnits, 1)} / ${millis(r.missingPicks.cost.ms)}`
        : '—',
    'a page reads at most its budget of 1,000 users, whatever the client',
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
