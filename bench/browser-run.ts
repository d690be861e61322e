// The Leaderboard page in Debian's Chromium against the local stack, with N more bettors picking
// in week 8: time until the table shows, per re-sort, and the DOM it keeps. In a process of its own.
//   node --import tsx bench/browser-run.ts
import { findClientByDomain, listAllRoles } from '../functions/store/accounts.ts';
import { startLocalStack } from '../infra/local/stack.ts';
import { launchTenantChromium, newAppContext, signIn } from '../tests/e2e/support/app.ts';
import { addBettors, placeWeekPicks } from '../tests/support/test-data.ts';
import type { BrowserResult } from './report.ts';
import { progress, timed } from './util.ts';

const bettors = Number(process.env.BENCH_BROWSER_BETTORS ?? 1000);
/** Sunday noon in New York, week 9: the Leaderboard opens on week 8. */
const now = '2026-11-22T17:00:00Z';
const log = (message: string) => progress(`[browser] ${message}`);

const stack = await startLocalStack({ dataDir: undefined, port: 0, seed: true, now });
const { deps } = stack;
const client = (await findClientByDomain(deps, 'demo'))!;
const bettor = (await listAllRoles(deps)).find((role) => role.name === 'Bettor' && role.clientId === client.id)!;
await placeWeekPicks(deps, client, await addBettors(deps, client, bettor, bettors, 'browser'), 8);
const call = async (path: string, init: RequestInit = {}) => (await fetch(`${stack.url}/Services${path}`, init)).json();
const { access_token: token } = await call('/token', {
  method: 'POST',
  body: new URLSearchParams({ login: 'coach', password: 'pickem-demo', domain: 'demo' }),
});
await call('/api/Game/load-results', {
  method: 'POST',
  headers: { authorization: `Bearer ${token}` },
  body: new URLSearchParams({ sportId: '33' }),
});
await stack.settled();
log(`${bettors} bettors with week 8 picks; results imported`);

const browser = await launchTenantChromium();
const context = await newAppContext(browser, { hideRules: true });
const page = await context.newPage();
await page.clock.install({ time: new Date(now) });
await signIn(page, stack.url, 'coach', 'pickem-demo');
const nextFrame = () =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
const table = page.getByRole('region', { name: 'Leaderboard, Week 8' });

const shown = await timed(async () => {
  await page.goto(`${stack.url}/#/leaderboard`);
  await page.locator('.leaderboard__results[aria-busy="false"]').waitFor({ timeout: 120_000 });
  await nextFrame();
});
const resort = (column: string) =>
  timed(async () => {
    await page.getByRole('columnheader', { name: column }).getByRole('button').click();
    await nextFrame();
  });
const byYtd = await resort('YTD Points');
const flipped = await resort('YTD Points');
const result: BrowserResult = {
  bettors,
  rows: Number(await table.locator('table').getAttribute('aria-rowcount')) - 1,
  renderedRows: await table.locator('tbody tr[aria-rowindex]').count(),
  domNodes: await page.evaluate(() => document.getElementsByTagName('*').length),
  shownMs: shown.ms,
  sortMs: byYtd.ms,
  flipMs: flipped.ms,
};
log(
  `leaderboard of ${result.rows} rows shown in ${result.shownMs.toFixed(0)} ms (${result.renderedRows} rows in the DOM, ${result.domNodes} nodes); sort by YTD ${result.sortMs.toFixed(0)} ms, flip ${result.flipMs.toFixed(0)} ms`,
);
await browser.close();
await stack.close();
process.send?.(result);
process.exit(0);
