// Games & Odds in the browser: the system administrator runs the four sports-data loads for NFL and reads
// what each did, in its notice and in the recent imports; a company administrator is offered only the loads
// of his permissions and reads the rows an earlier import refused.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoDomain, systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { findUserByLogin } from '../../functions/store/account-claims.ts';
import { getSeason } from '../../functions/store/catalogue.ts';
import { keys } from '../../functions/store/keys.ts';
import { putItem } from '../../functions/store/state-table.ts';
import { followNavItem, tenantUrl } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

// Sunday noon in New York, week 9 of the demo season.
const now = '2026-11-22T17:00:00Z';
const nflId = 33;

/** An Import Games of the demo client, finished earlier, that refused a game of an unknown team. */
const refusedGame = { item: 'game 401547417', reason: "Unknown team 'Springfield Atoms': load the teams first" };

const app = useBrowserStack(now, {
  given: async (stack) => {
    const demo = (await findClientByDomain(stack.deps, demoDomain))!;
    const coach = (await findUserByLogin(stack.deps, demo.id, 'coach'))!;
    const jobId = await stack.deps.ids.next('job');
    await putItem(stack.deps, {
      ...keys.job(demo.id, jobId),
      jobId,
      type: 'ImportGames',
      clientId: demo.id,
      actorId: coach.id,
      actorName: coach.displayName,
      payload: { sportId: nflId, date: '2026-11-01' },
      status: 'succeeded',
      queuedAt: '2026-11-20T15:00:00.000Z',
      finishedAt: '2026-11-20T15:00:05.000Z',
      counts: { gamesAdded: 0, gamesUpdated: 40, gamesMoved: 0, changed: 0, refused: 1 },
      report: { refused: [refusedGame] },
    });
  },
});

/** A notice of the page; its text follows a visually hidden 'Success:' or 'Information:'. */
const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first();

const importActions = /^(Start New Season|Import Games|Import Scores|Import Spreads)$/;

async function openGamesAndOdds(page: Page) {
  await followNavItem(page, 'Games & Odds');
  await page.getByRole('heading', { name: 'Games & Odds', level: 1 }).waitFor();
}

/** Runs one load and waits for its success notice; answers the notice's text. */
async function runImport(page: Page, action: string, done: RegExp, fill?: (page: Page) => Promise<void>) {
  await page.getByRole('main').getByRole('button', { name: action, exact: true }).click();
  await fill?.(page);
  await notice(page, 'Loading...').waitFor();
  const summary = notice(page, done);
  await summary.waitFor({ timeout: 30_000 });
  return (await summary.textContent()) ?? '';
}

describe('Games & Odds', () => {
  it('the system administrator starts the NFL season, imports its games, scores and spreads, and reads each outcome', async () => {
    const seasonYear = (await getSeason(app.stack.deps, nflId))!.year;
    const system = (await findClientByDomain(app.stack.deps, systemDomain))!;
    const admin = (await findUserByLogin(app.stack.deps, system.id, 'admin'))!;
    const { context, page, problems } = await app.openAs('admin', {
      password: 'pickem-admin',
      url: tenantUrl(app.stack.url, systemDomain),
    });
    await openGamesAndOdds(page);
    await page.getByRole('button', { name: /^Sport to import / }).click();
    await page.getByRole('option', { name: 'NFL', exact: true }).click();
    expect(await page.getByRole('main').getByRole('button', { name: importActions }).allTextContents()).toEqual([
      'Start New Season',
      'Import Games',
      'Import Scores',
      'Import Spreads',
    ]);

    const season = await runImport(page, 'Start New Season', /Imported: \d+ teams? added/, async () => {
      const dialog = page.getByRole('dialog', { name: 'Start New Season: NFL' });
      const year = dialog.getByRole('textbox', { name: 'Season year' });
      // The year after the current season's by default; the system client plays no sport, so the page knows no current
      // season of its own: this year in the sport's zone.
      expect(await year.inputValue()).toBe('2026');
      await year.fill('1999');
      await dialog.getByRole('button', { name: 'Start' }).click();
      await dialog.getByText('The season year is from 2000 to 2100').waitFor();
      await year.fill(String(seasonYear));
      await dialog.getByRole('button', { name: 'Start' }).click();
    });
    expect(Number(/(\d+) weeks?,/.exec(season)?.[1])).toBe(18);
    expect(season).toMatch(/\d+ games? added, \d+ updated, \d+ moved, 0 refused/);

    const games = await runImport(page, 'Import Games', /Imported: \d+ games? added/, async () => {
      const dialog = page.getByRole('dialog', { name: 'Import Games: NFL' });
      await dialog.getByLabel('From date').fill('2026-11-01');
      await dialog.getByRole('button', { name: 'Import' }).click();
    });
    expect(games).toMatch(/\d+ games? added, \d+ updated, \d+ moved, 0 refused/);

    const scores = await runImport(page, 'Import Scores', /Imported: \d+ results? read/);
    expect(Number(/(\d+) results? read/.exec(scores)?.[1])).toBeGreaterThan(0);

    const spreads = await runImport(page, 'Import Spreads', /Success: \d+ lines? read/);
    expect(spreads).toMatch(/\d+ changed, \d+ affiliates? added/);

    const recent = page.getByRole('region', { name: 'Recent imports' });
    const row = (what: string) => recent.getByRole('row').filter({ hasText: what });
    for (const what of [
      `Start New Season NFL ${seasonYear}`,
      'Import Games NFL from 2026-11-01',
      'Import Scores NFL',
      'Import Spreads NFL',
    ]) {
      await expect.poll(() => row(what).count()).toBe(1);
      expect(await row(what).textContent()).toContain(admin.displayName);
    }
    expect(await row('Import Spreads NFL').textContent()).toMatch(/\d+ lines? read/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a company administrator is offered Import Games and Import Scores only, and reads the rows an import refused', async () => {
    const { context, page, problems } = await app.openAs('coach');
    await openGamesAndOdds(page);
    await page.getByRole('main').getByRole('button', { name: 'Sport to import NFL' }).waitFor();
    expect(await page.getByRole('main').getByRole('button', { name: importActions }).allTextContents()).toEqual([
      'Import Games',
      'Import Scores',
    ]);

    const earlier = page.getByRole('region', { name: 'Recent imports' }).getByRole('row').filter({
      hasText: 'Import Games NFL from 2026-11-01',
    });
    await earlier.getByRole('button', { name: 'Show 1 refused' }).click();
    const refused = page.getByRole('dialog', { name: 'Refused: Import Games NFL from 2026-11-01' });
    await refused.getByRole('cell', { name: refusedGame.item }).waitFor();
    expect(await refused.getByRole('cell', { name: refusedGame.reason }).count()).toBe(1);
    await refused.getByRole('button', { name: 'Close' }).last().click();
    expect(problems).toEqual([]);
    await context.close();
  });
});
