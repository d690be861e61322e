// Lighthouse (12, its mobile preset: a mid-range phone on a slow 4G link, simulated) over the four pages a player
// lives on, against the local stack serving the built web app as CloudFront would (hashed assets cached, text
// compressed): sign-in signed out, then the dashboard, Picks and the Leaderboard signed in ('remember me': the
// token in local storage, which the runs keep). Three runs a page; the medians are reported. In a process of its own.
//   node --import tsx bench/lighthouse-run.ts          BENCH_LIGHTHOUSE_RUNS=1 for a quick look
//   BENCH_LIGHTHOUSE_PRESET=desktop for the desktop preset
//   BENCH_LIGHTHOUSE_PAGES=dashboard,leaderboard for some pages only
//   BENCH_LIGHTHOUSE_SAVE=<folder> keeps each run's whole report (<page>-<run>.json) to read its diagnostics
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { startLocalStack } from '../infra/local/stack.ts';
import { apiToken } from '../tests/e2e/support/app.ts';
import type { LighthouseResult } from './result-types.ts';
import { progress } from './util.ts';

const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const preset = process.env.BENCH_LIGHTHOUSE_PRESET === 'desktop' ? 'desktop' : 'mobile';
/** Sunday noon in New York of the demo's week 9: Picks holds open games, the Leaderboard last week's results. */
const now = '2026-11-22T17:00:00Z';
const log = (message: string) => progress(`[lighthouse] ${message}`);

if (!existsSync('web/dist/index.html')) throw new Error('Build the web app first: npm run build:web');
const stack = await startLocalStack({ dataDir: undefined, port: 0, seed: true, now, webRoot: 'web/dist' });
await stack.settled();
const profile = mkdtempSync(join(tmpdir(), 'pickem-lighthouse-'));
const chrome = await launch({
  chromePath: '/usr/bin/chromium',
  userDataDir: profile,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  ],
});

const pages = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
const wanted = (name: string) => !pages || pages.includes(name);
const saveTo = process.env.BENCH_LIGHTHOUSE_SAVE;
if (saveTo) mkdirSync(saveTo, { recursive: true });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function audit(name: string, url: string) {
  const scores: { performance: number; accessibility: number; cls: number; lcpMs: number; tbtMs: number }[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const { categories, audits } = result!.lhr;
    if (saveTo) writeFileSync(join(saveTo, `${name}-${run + 1}.json`), JSON.stringify(result!.lhr));
    scores.push({
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
      tbtMs: audits['total-blocking-time']?.numericValue ?? 0,
    });
  }
  const page = {
    name,
    performance: median(scores.map((s) => s.performance)),
    accessibility: median(scores.map((s) => s.accessibility)),
    cls: median(scores.map((s) => s.cls)),
    lcpMs: median(scores.map((s) => s.lcpMs)),
    tbtMs: median(scores.map((s) => s.tbtMs)),
    runs: scores.map((s) => s.performance),
  };
  log(
    `${name}: performance ${page.performance} (${page.runs.join(', ')}), accessibility ${page.accessibility}, CLS ${page.cls.toFixed(3)}`,
  );
  return page;
}

const result: LighthouseResult = { preset, runs, pages: [] };
try {
  if (wanted('sign-in')) result.pages.push(await audit('sign-in', `${stack.url}/`));
  // Signed in with 'remember me' for the other pages: the token in this origin's local storage.
  const token = await apiToken(stack.url, 'taylor', 'pickem-demo');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const tab = await browser.newPage();
  await tab.goto(`${stack.url}/`);
  await tab.evaluate((value) => {
    localStorage.setItem('pickem.token', value);
    localStorage.setItem('pickem.rules.hidden', '1.0');
  }, token);
  await tab.close();
  await browser.disconnect();
  for (const [name, path] of [
    ['dashboard', '/#/dashboard'],
    ['picks', '/#/picks'],
    ['leaderboard', '/#/leaderboard'],
  ] as const)
    if (wanted(name)) result.pages.push(await audit(name, `${stack.url}${path}`));
} finally {
  chrome.kill();
  await stack.close();
  rmSync(profile, { recursive: true, force: true });
}
process.send?.(result);
process.exit(0);
