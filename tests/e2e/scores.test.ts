import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys.ts';
import { putItem } from '../../functions/store/state-table.ts';
import { followNavItem, unexpectedProblems } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

// Sunday noon in New York, week 9 of the demo season: weeks 1–8 are over but nobody has imported their scores.
const now = '2026-11-22T17:00:00Z';

const app = useBrowserStack(now);

/** A figure of the stats card, e.g. 'Total Win' → 222. */
const statFigure = async (page: Page, label: string) => {
  const text = await page.locator(`dl > div:has(> dt:text-is("${label}")) > dd`).first().textContent();
  return Number.parseInt((text ?? '').replace('\u2212', '-'), 10);
};

describe('Games & Odds: Import Scores', () => {
  it('a company admin imports the scores; the job finishes, and the dashboard stats and top 3 follow', async () => {
    const { context, page, problems } = await app.openAs('coach');
    await page.getByRole('heading', { name: 'Overall Stats' }).waitFor();
    await expect.poll(() => page.getByText('No results for Week 8 yet.').count()).toBe(1);
    expect(await statFigure(page, 'Total Win')).toBe(0);
    expect(await statFigure(page, 'Total Loss')).toBe(0);

    await followNavItem(page, 'Games & Odds');
    await page.getByRole('heading', { name: 'Games & Odds', level: 1 }).waitFor();
    // Only the loads of the company admin's permissions are offered (docs/rules.md, Admin loads).
    const loads = /^(Start New Season|Import Games|Import Scores|Import Spreads)$/;
    expect(await page.getByRole('main').getByRole('button', { name: loads }).allTextContents()).toEqual([
      'Import Games',
      'Import Scores',
    ]);

    await page.getByRole('button', { name: 'Import Scores' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading...' }).count()).toBe(1);
    const imported = page.getByRole('status').filter({ hasText: /Imported: \d+ results read/ });
    // The import runs as a job through the queue: on a machine busy with other work it takes longer, so the wait
    // is bounded by the test's own time, not by a guess at the job's.
    await imported.waitFor({ timeout: 90_000 });
    const summary = (await imported.textContent()) ?? '';
    expect(Number(/(\d+) weeks closed/.exec(summary)?.[1])).toBeGreaterThan(0);
    expect(Number(/(\d+) missed-pick penalties/.exec(summary)?.[1])).toBeGreaterThan(0);
    expect(await page.getByText(/^Last import: \d+ results read/).count()).toBe(1);

    await followNavItem(page, 'Dashboard');
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
  }, 150_000);

  it('Import Scores while the sport’s import is already open follows that import to its end instead of starting another', async () => {
    const { deps } = app.stack;
    // The demo client's Import Scores, queued from another tab and not run yet.
    const jobId = await deps.ids.next('job');
    const open = { jobId, type: 'ImportScores' as const, clientId: 2, actorId: 2, payload: { sportId: 33 } };
    const queuedAt = deps.clock.now().toISOString();
    // Its request took the client's start of Import Scores for the sport (functions/store/job-flights.ts).
    await putItem(deps, {
      ...keys.importStart(2, 'ImportScores', 33),
      holderId: jobId,
      holder: { clientId: 2 },
      claimedAt: queuedAt,
    });
    await putItem(deps, { ...keys.job(2, jobId), ...keys.openJob(2, jobId), ...open, status: 'queued', queuedAt });

    const { context, page, problems } = await app.openAs('coach');
    await followNavItem(page, 'Games & Odds');
    await page.getByRole('heading', { name: 'Games & Odds', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Import Scores' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `already running for the sport (job ${jobId})` })
      .waitFor();
    // The open import runs: the page reports its end, as for one it started.
    await deps.jobs.enqueue(open);
    await page
      .getByRole('status')
      .filter({ hasText: /Imported: \d+ results read/ })
      .waitFor({ timeout: 30_000 });
    expect(unexpectedProblems(problems, 409)).toEqual([]);
    await context.close();
  });

  it('a bettor has no Games & Odds: no nav item, and the address leads back to the dashboard', async () => {
    const { context, page } = await app.openAs('alex');
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games & Odds' }).count(),
    ).toBe(0);
    await page.goto(`${app.stack.url}/#/games-and-odds`);
    await expect.poll(() => page.url()).toMatch(/#\/dashboard$/);
    await context.close();
  });
});
