// Feed to page on game day, in a process of its own: the local stack on the recorded ESPN Sunday (a fake ESPN on
// 127.0.0.1), its Scheduler emulator firing Live Scores' rate(1 minute) schedule in real time, each run reading the
// feed every 15 s. A score changes on the feed at t0; measured until Game/list answers it (feed → API) and, unless
// BENCH_BROWSER=0, until the Picks page in Chromium shows it (feed → page, through the page's live version). The
// page's requests are counted by route meanwhile: what one watcher costs a minute.
//   node --import tsx bench/live-scores-run.ts   BENCH_LIVE_OFFSETS="0,3,6,9,12" (seconds after a feed read)
import { setTimeout as sleep } from 'node:timers/promises';
import { contracts } from '#domain/contracts/api.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import { inputParams } from '#domain/contracts/input-params.ts';
import { adminPassword } from '../functions/seed/demo-seed.ts';
import { startLocalStack } from '../infra/local/stack.ts';
import { launchTenantChromium, newAppContext, signIn } from '../tests/e2e/support/app.ts';
import { eaglesEventId, espnNfl, espnRoutes, liveSunday, withGame } from '../tests/support/espn-live-sunday.ts';
import { startFakeFeed } from '../tests/support/fake-feed.ts';
import { livePollMs, liveVersionEveryMs } from '#domain/processes/live-window.ts';
import type { LiveScoresResult } from './live-scores-report.ts';
import { progress } from './util.ts';

const now = '2026-11-22T19:35:00Z';
const offsets = (process.env.BENCH_LIVE_OFFSETS ?? '0,3,6,9,12').split(',').map(Number);
const withBrowser = process.env.BENCH_BROWSER !== '0';
const log = (message: string) => progress(`[live] ${message}`);

const feed = await startFakeFeed(espnRoutes(liveSunday()));
const settings = { DEMO_SEASON_START: '2025-09-03', SPORTS_PROVIDER: 'espn', ESPN_BASE_URL: feed.baseUrl };
const stack = await startLocalStack({ dataDir: undefined, port: 0, seed: true, now, settings });

async function call(contract: Contract, input: Record<string, unknown>, token?: string) {
  const form = contract.input === 'form';
  const query = form ? '' : `?${inputParams(input).toString()}`;
  const answer = await fetch(`${stack.url}${contract.path}${query}`, {
    method: contract.method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form ? inputParams(input) : undefined,
  });
  return answer.json();
}
const tokenOf = async (login: string, password: string, domain: string) =>
  (await call(contracts.signIn, { login, password, domain })).access_token as string;

const admin = await tokenOf('admin', adminPassword, 'admin');
await call(contracts.importSeason, { sportId: 33, seasonYear: 2026 }, admin);
await stack.settled();
const schedule = await stack.deps.scheduler.get('live-scores');
if (schedule?.expression !== 'rate(1 minute)') throw new Error(`Live Scores is ${JSON.stringify(schedule)}`);
const alex = await tokenOf('alex', 'pickem-demo', 'demo');

type Row = { homeTeamName: string; homeTeamScore: number; awayTeamScore: number; gameClock?: string };
async function eaglesRow(): Promise<Row | undefined> {
  const rows = (await call(contracts.gameList, { sportId: 33 }, alex)) as Row[];
  return rows.find((row) => row.homeTeamName === 'Philadelphia Eagles');
}
async function apiShows(score: number, clock: string) {
  for (;;) {
    const row = await eaglesRow();
    if (row?.homeTeamScore === score && row.gameClock === clock) return;
    await sleep(200);
  }
}

await apiShows(17, '8:17 - 3rd');
log(`ESPN season imported; Live Scores runs every minute of the stack's clock; Game/list shows the Eagles 17–13`);

const browser = withBrowser ? await launchTenantChromium() : undefined;
const page = browser && (await (await newAppContext(browser, { hideRules: true })).newPage());
/** The page's API requests by route while the changes are measured. */
const requests = new Map<string, number>();
let counting = false;
page?.on('request', (request) => {
  const path = new URL(request.url()).pathname;
  if (counting && path.startsWith('/Services/')) requests.set(path, (requests.get(path) ?? 0) + 1);
});
if (page) {
  await page.clock.install({ time: stack.deps.clock.now() });
  await signIn(page, stack.url, 'alex', 'pickem-demo');
  await page.goto(`${stack.url}/#/picks`);
}
/** The Eagles' pick card shows this clock text. */
const shows = (clock: string, timeout: number) =>
  page!
    .locator('article.pick-card')
    .filter({ hasText: 'Philadelphia Eagles' })
    .locator('.pick-card__clock')
    .getByText(clock)
    .waitFor({ timeout });
if (page) await shows('8:17 - 3rd', 120_000);

/** Resolves just after a Live Scores run has read the scoreboard. */
async function afterFeedRead() {
  const before = feed.count(`${espnNfl}/scoreboard`);
  while (feed.count(`${espnNfl}/scoreboard`) === before) await sleep(100);
}

const samples: LiveScoresResult['samples'] = [];
let board = liveSunday();
counting = true;
const countingFrom = performance.now();
for (const [index, offsetS] of offsets.entries()) {
  await afterFeedRead();
  await sleep(offsetS * 1000);
  const score = 20 + 3 * index;
  const clock = `${7 - index}:42 - 3rd`;
  board = withGame(board, eaglesEventId, {
    home: score,
    away: 13,
    status: { type: { name: 'STATUS_IN_PROGRESS', state: 'in', completed: false, shortDetail: clock } },
  });
  feed.setRoutes(espnRoutes(board));
  const t0 = performance.now();
  const api = apiShows(score, clock).then(() => performance.now() - t0);
  const shown = page && shows(clock, 180_000).then(() => performance.now() - t0);
  const [apiMs, pageMs] = await Promise.all([api, shown]);
  samples.push({ offsetS, apiMs, ...(pageMs === undefined ? {} : { pageMs }) });
  log(
    `score changed ${offsetS} s after a feed read: Game/list in ${(apiMs / 1000).toFixed(1)} s` +
      (pageMs === undefined ? '' : `, the Picks page in ${(pageMs / 1000).toFixed(1)} s`),
  );
}

const minutes = (performance.now() - countingFrom) / 60_000;
const result: LiveScoresResult = {
  samples,
  feedReadMs: livePollMs,
  versionEveryMs: liveVersionEveryMs,
  browser: withBrowser,
  ...(page && {
    pageRequestsPerMinute: Object.fromEntries([...requests].map(([path, count]) => [path, count / minutes])),
  }),
};
await browser?.close();
await stack.close();
await feed.stop();
process.send?.(result);
process.exit(0);
