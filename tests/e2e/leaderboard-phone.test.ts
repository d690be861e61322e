// The Leaderboard in the pocket (390×844, a browser in Tokyo) on the demo's live Sunday: the first screen shows each
// player's rank, Week Points (and Live while games are on) and YTD Points without a sideways scroll, a tap on a row
// opens its picks under it, and the player's own row stays in view while the ranks scroll.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LeaderboardPage } from '#domain/contracts/leaderboard.ts';
import { slotNames } from '#domain/scoring/week-scores.ts';
import { shownWeek } from './support/leaderboard.ts';
import { useLiveSunday } from './support/live-sunday.ts';
import { stackApi } from './support/scored-demo.ts';

const demo = useLiveSunday('2026-11-22T19:30:00Z');
const phone = { width: 390, height: 844 };

async function openOnPhone(login: string) {
  const opened = await demo.openAs(login, { viewport: phone, timezoneId: 'Asia/Tokyo' });
  await opened.page.goto(`${demo.stack.url}/#/leaderboard`);
  await opened.page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
  return opened;
}

/** A row's disclosure button, named by its player: 'Casey B., picks'. */
const picksOf = (player: string) => new RegExp(`^${player.replaceAll('.', '\\.')}\\W*picks$`);

/** Each column's header and the row's cell under it lie on the phone's first screen, none cut at its right edge. */
async function expectOnFirstScreen(page: Page, table: Locator, row: Locator, names: readonly string[]) {
  const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
  for (const name of names) {
    const header = (await table.getByRole('columnheader', { name: new RegExp(`^${name}`) }).boundingBox())!;
    const cell = (await row.locator('td').nth(headers.indexOf(name)).boundingBox())!;
    for (const box of [header, cell]) {
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(phone.width);
      expect(box.y + box.height, name).toBeLessThanOrEqual(phone.height);
    }
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

/** Screenshots for a person to look at, when LEADERBOARD_SCREENSHOTS names a folder. */
async function screenshot(page: Page, name: string) {
  const folder = process.env.LEADERBOARD_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: `${folder}/${name}.png` });
}

describe('the Leaderboard on a phone', () => {
  it('shows rank, player, Week Points and YTD Points on the first screen; a tap opens a row’s picks under it; the own row stays in view as the ranks scroll', async () => {
    const { context, page, problems } = await openOnPhone('sam');
    const week8 = await shownWeek(page, 8);
    const table = page.getByRole('region', { name: 'Leaderboard, Week 8' });
    expect(await page.getByRole('switch', { name: 'Hide bets info' }).isChecked()).toBe(true);
    const leader = week8[0]!;
    await expectOnFirstScreen(page, table, leader.row, ['Rank', 'Player', 'Week Points', 'YTD Points']);
    await screenshot(page, 'phone-week-8');

    // The leader's picks, as the server answers them, open under the row and close again.
    const { call, signIn } = stackApi(demo.stack);
    const weeks = (await call('/api/Bet/week-list?sportId=33', { token: await signIn('sam') })) as {
      id: number;
      number: number;
    }[];
    const served = (await call(
      `/api/Bet/balance?sportId=33&weekId=${weeks.find((week) => week.number === 8)!.id}&limit=1`,
      { token: await signIn('sam') },
    )) as LeaderboardPage;
    const picked = slotNames.filter((slot) => served.rows[0]![slot].teamId !== null).length;
    expect(picked).toBeGreaterThan(0);
    const toggle = leader.row.getByRole('button', { name: picksOf(leader.player) });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await panel.waitFor();
    expect(await panel.locator('dt').allTextContents()).toEqual(['20pt', '10pt', '10pt', '5pt', '5pt', 'Bonus Game']);
    expect(await panel.locator('.pick__team').count()).toBe(picked);
    const rowBox = (await leader.row.boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.y).toBeGreaterThanOrEqual(rowBox.y + rowBox.height - 1);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(phone.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await screenshot(page, 'phone-week-8-picks');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.count()).toBe(0);

    // A swipe scrolls the ranks up the page: the first ones leave, the header and Sam's own row stay under the app's
    // header.
    const pinned = table.locator('tbody tr.is-pinned');
    expect(await pinned.locator('.player__name').textContent()).toBe('Sam R.');
    await page.mouse.move(phone.width / 2, phone.height / 2);
    await page.mouse.wheel(0, 700);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const appHeader = (await page.getByRole('banner').boundingBox())!;
    const headBox = (await table.locator('thead th').first().boundingBox())!;
    const ownBox = (await pinned.locator('td').first().boundingBox())!;
    expect(headBox.y).toBeGreaterThanOrEqual(appHeader.y + appHeader.height - 1);
    expect(ownBox.y).toBeGreaterThanOrEqual(headBox.y + headBox.height - 1);
    expect(ownBox.y + ownBox.height).toBeLessThanOrEqual(phone.height);
    const leaderBox = (await leader.row.boundingBox())!;
    expect(leaderBox.y + leaderBox.height, 'the leader scrolled away').toBeLessThanOrEqual(ownBox.y + ownBox.height);
    await screenshot(page, 'phone-week-8-scrolled');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('while games are on, Live shows beside Week Points and YTD Points on the first screen, and a live pick opens with its row', async () => {
    const { context, page, problems } = await openOnPhone('alex');
    await shownWeek(page, 8);
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.locator('.leaderboard__live .updated-stamp').waitFor();
    const table = page.getByRole('region', { name: 'Leaderboard, Week 9' });
    await table.getByRole('columnheader', { name: /^Live/ }).waitFor();
    const week9 = await shownWeek(page, 9);
    await expectOnFirstScreen(page, table, week9[0]!.row, ['Rank', 'Player', 'Week Points', 'Live', 'YTD Points']);
    await screenshot(page, 'phone-week-9-live');

    const own = table.locator('tbody tr.is-pinned');
    await own.getByRole('button', { name: picksOf('Alex C.') }).click();
    const panel = page.locator(`#${await own.getByRole('button').getAttribute('aria-controls')}`);
    await expect.poll(() => panel.locator('.pick--live-winning, .pick--live-losing, .pick--live-push').count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(problems).toEqual([]);
    await context.close();
  });
});
