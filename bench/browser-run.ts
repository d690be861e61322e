// The Leaderboard page in Debian's Chromium against the local stack, with N (10,000) more bettors who joined
// after week 8 was closed and picked in it, as one of the last of them: time until the first rows show, for 'Show more' and for the
// sort by YTD. In a process of its own.
//   node --import tsx bench/browser-run.ts
import { findClientByDomain } from '../functions/store/clients.ts';
import { listAllRoles } from '../functions/store/roles.ts';
import { listWeeks } from '../functions/store/catalogue.ts';
import { startLocalStack } from '../infra/local/stack.ts';
import { launchTenantChromium, newAppContext, signIn } from '../tests/e2e/support/app.ts';
import { addBettors, benchPassword, placeWeekPicks } from '../tests/support/test-data.ts';
import type { BrowserResult } from './result-types.ts';
import { progress, timed } from './util.ts';

const bettors = Number(process.env.BENCH_BROWSER_BETTORS ?? 10_000);
/** Sunday noon in New York, week 9: the Leaderboard opens on week 8. */
const now = '2026-11-22T17:00:00Z';
const log = (message: string) => progress(`[browser] ${message}`);

const stack = await startLocalStack({ dataDir: undefined, port: 0, seed: true, now });
const { deps } = stack;
const client = (await findClientByDomain(deps, 'demo'))!;
const bettor = (await listAllRoles(deps)).find((role) => role.name === 'Bettor' && role.clientId === client.id)!;
// The crowd joined as week 8 began and picked in it, so it owes no penalty for weeks 1-7: the stack is not
// spent on closing weeks of 70,000 penalties (closing a week of many players is measured by the benchmark's
// Import Scores and close-week steps), and week 8's results grade 10,000 slips.
const week8Start = (await listWeeks(deps, 33)).find((week) => week.number === 8)!.beginDate;
const crowd = await addBettors(deps, client, bettor, bettors, 'browser', week8Start);
await placeWeekPicks(deps, client, crowd, 8);
const call = async (path: string, init: RequestInit = {}) => (await fetch(`${stack.url}/Services${path}`, init)).json();
const { access_token: token } = await call('/token', {
  method: 'POST',
  body: new URLSearchParams({ login: 'coach', password: 'pickem-demo', domain: 'demo' }),
});
const authorized = { headers: { authorization: `Bearer ${token}` } };
await call('/api/Game/load-results', { method: 'POST', ...authorized, body: new URLSearchParams({ sportId: '33' }) });
await stack.settled();
// The player who tries it: one of the last by week points, far down the table.
const week8 = 20263308;
const lowest = await call(`/api/Bet/balance?sportId=33&weekId=${week8}&direction=asc&limit=50`, authorized);
const crowdIds = new Set(crowd.map((user) => user.id));
const farId = (lowest.rows as { userId: number }[]).find((row) => crowdIds.has(row.userId))!.userId;
const far = crowd.find((user) => user.id === farId)!;
log(`${bettors} bettors with week 8 picks; results imported; signing in as ${far.login}`);

const browser = await launchTenantChromium();
const context = await newAppContext(browser, { hideRules: true });
const page = await context.newPage();
await page.clock.install({ time: new Date(now) });
await signIn(page, stack.url, far.login, benchPassword);
const nextFrame = () =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
const table = page.getByRole('region', { name: 'Leaderboard, Week 8' });
const rows = table.locator('tbody tr[aria-rowindex]');

const firstRows = await timed(async () => {
  await page.goto(`${stack.url}/#/leaderboard`);
  await rows.first().waitFor({ timeout: 120_000 });
  await nextFrame();
});
const ownRank = Number(await rows.first().locator('td').first().textContent());
const firstCount = await rows.count();
const more = await timed(async () => {
  await page.getByRole('button', { name: 'Show more' }).click();
  await page.waitForFunction(
    (count) => document.querySelectorAll('.leaderboard-table tbody tr[aria-rowindex]').length > count,
    firstCount,
  );
  await nextFrame();
});
const rowsAfterMore = await rows.count();
const byYtd = await timed(async () => {
  await page.getByRole('columnheader', { name: 'YTD Points' }).getByRole('button').click();
  await page.locator('.leaderboard__results[aria-busy="false"]').waitFor();
  await nextFrame();
});
const result: BrowserResult = {
  bettors,
  ownRank,
  firstRows: firstCount,
  firstRowsMs: firstRows.ms,
  nextPageMs: more.ms,
  rowsAfterMore,
  sortMs: byYtd.ms,
  domNodes: await page.evaluate(() => document.getElementsByTagName('*').length),
};
log(
  `first rows visible in ${result.firstRowsMs.toFixed(0)} ms (${result.firstRows} rows, own row pinned at #${result.ownRank}); Show more ${result.nextPageMs.toFixed(0)} ms (${result.rowsAfterMore} rows); sort by YTD ${result.sortMs.toFixed(0)} ms; ${result.domNodes} DOM nodes`,
);
await browser.close();
await stack.close();
process.send?.(result);
process.exit(0);
