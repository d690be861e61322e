import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../infra/local/stack.ts';
import { watchConsole } from './support/browser.ts';
import { launchTenantChromium, newAppContext, signIn } from './support/app.ts';

// Sunday noon in New York, week 9 of the demo season: weeks 1–8 are over but nobody has imported their scores.
const now = '2026-11-22T17:00:00Z';

let stack: LocalStack;
let browser: Browser;
beforeAll(async () => {
  [stack, browser] = await Promise.all([startLocalStack({ dataDir: undefined, port: 0, seed: true, now }), launchTenantChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function openAs(login: string) {
  const context = await newAppContext(browser, { hideRules: true });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.clock.install({ time: new Date(now) });
  await signIn(page, stack.url, login, 'pickem-demo');
  return { context, page, problems };
}

/** A figure of the stats card, e.g. 'Total Win' → 222. */
const statFigure = async (page: Page, label: string) => {
  const text = await page.locator(`dl > div:has(> dt:text-is("${label}")) > dd`).first().textContent();
  return Number.parseInt((text ?? '').replace('\u2212', '-'), 10);
};

describe('Games & Odds: Import Scores', () => {
  it('a company admin imports the scores; the job finishes, and the dashboard stats and top 3 follow', async () => {
    const { context, page, problems } = await openAs('coach');
    await page.getByRole('heading', { name: 'Overall Stats' }).waitFor();
    await expect.poll(() => page.getByText('No results for Week 8 yet.').count()).toBe(1);
    expect(await statFigure(page, 'Total Win')).toBe(0);
    expect(await statFigure(page, 'Total Loss')).toBe(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games & Odds' }).click();
    await page.getByRole('heading', { name: 'Games & Odds', level: 1 }).waitFor();
    // Only the load that exists is offered (administration §2 lists others the backend has no job for yet).
    expect(await page.getByRole('main').getByRole('button').allTextContents()).toEqual(['Import Scores']);

    await page.getByRole('button', { name: 'Import Scores' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading...' }).count()).toBe(1);
    const imported = page.getByRole('status').filter({ hasText: /Imported: \d+ results read/ });
    await imported.waitFor({ timeout: 30_000 });
    const summary = (await imported.textContent()) ?? '';
    expect(Number(/(\d+) weeks closed/.exec(summary)?.[1])).toBeGreaterThan(0);
    expect(Number(/(\d+) missed-pick penalties/.exec(summary)?.[1])).toBeGreaterThan(0);
    expect(await page.getByText(/^Last import: \d+ results read/).count()).toBe(1);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => statFigure(page, 'Total Win'), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await statFigure(page, 'Total Loss')).toBeGreaterThan(0);
    expect(await page.getByRole('img', { name: /\d+ won and \d+ lost: \d+% won/ }).count()).toBe(1);

    const top = page.getByRole('list', { name: 'Top 3 of Week 8' });
    await expect.poll(() => top.getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
    const ranks = (await top.locator('.rank').allTextContents()).map((text) => Number(text.replace('Rank', '')));
    expect(ranks[0]).toBe(1);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a bettor has no Games & Odds: no nav item, and the address leads back to the dashboard', async () => {
    const { context, page } = await openAs('alex');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games & Odds' }).count()).toBe(0);
    await page.goto(`${stack.url}/#/games-and-odds`);
    await expect.poll(() => page.url()).toMatch(/#\/dashboard$/);
    await context.close();
  });
});
