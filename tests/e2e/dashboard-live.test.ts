// The dashboard on game day in Chromium: alex picked three 13:00 games at noon; at 14:30 they are under way.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LeaderboardPage } from '../../domain/contracts/leaderboard.ts';
import { livePick, openLiveLeaderboard, useLiveSunday } from './support/live-sunday.ts';

const demo = useLiveSunday('2026-11-22T19:30:00Z');
const minus = '\u2212';

const figure = async (block: Locator, label: string) => {
  const dd = block.locator(`dl > div:has(> dt:text-is("${label}")) > dd`);
  await expect.poll(async () => (await dd.textContent())?.trim()).not.toBe('…');
  return (await dd.textContent())?.trim() ?? '';
};

async function openLiveNow(page: Page) {
  const block = page.getByRole('region', { name: 'Live now' });
  await block.waitFor();
  const badges = block.locator('.my-pick .ui-live-pick');
  await expect.poll(() => badges.count()).toBe(3);
  return { block, badges };
}

describe('the Dashboard on game day', () => {
  it("shows 'Live now' on top with alex's live points, his rank in the Live order of the leaderboard, his three live picks covering or not, and the Updated stamp", async () => {
    const { context, page, problems } = await demo.openAs('alex');
    const { block, badges } = await openLiveNow(page);
    for (const text of await badges.allTextContents()) expect(text).toMatch(livePick);
    expect(await block.locator('.my-pick__meta').first().textContent()).toMatch(/ · \d+–\d+/);
    // 14:30 in New York, the sport's zone, whatever the browser's.
    await expect.poll(() => block.locator('.updated-stamp').textContent()).toMatch(/^Updated 14:\d\d:\d\d$/);
    const points = await figure(block, 'Live points');
    const rank = await figure(block, 'Live rank');
    // The block comes first among the dashboard's cards.
    expect(await page.locator('.ui-card').first().getAttribute('class')).toContain('live-now');

    const { table } = await openLiveLeaderboard(page, demo.stack.url);
    const ranked = page.waitForResponse((answer) => answer.url().includes('sort=live') && answer.status() === 200);
    await table.getByRole('columnheader', { name: /^Live/ }).getByRole('button').click();
    const live = (await (await ranked).json()) as LeaderboardPage;
    expect(rank).toBe(`#${live.me!.rank} of ${live.players}`);
    const own = live.me!.liveWeekPoints;
    expect(points).toBe(own > 0 ? `+${own}` : own < 0 ? `${minus}${-own}` : '0');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads the live standing again when the week’s live version moves', async () => {
    const { context, page } = await demo.openAs('alex');
    let moved = false;
    // The version as the server answers it, or another one once the test says it moved.
    await page.route('**/Game/live-version*', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { version: string };
      await route.fulfill({ response: answer, json: moved ? { ...body, version: `${body.version}-moved` } : body });
    });
    await openLiveNow(page);
    await figure(page.getByRole('region', { name: 'Live now' }), 'Live rank');
    const standings: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/Bet/balance') && request.url().includes('sort=live')) standings.push(request.url());
    });
    moved = true;
    await page.clock.runFor(10_500);
    await expect.poll(() => standings.length).toBeGreaterThan(0);
    await context.close();
  });

  it("leads with what to do now, above 'Live now'; its link opens Picks at the first live game, on a phone in Tokyo", async () => {
    const phone = { width: 390, height: 844 };
    const { context, page, problems } = await demo.openAs('alex', { viewport: phone, timezoneId: 'Asia/Tokyo' });
    const lead = page.getByRole('region', { name: /^Week 9: / });
    await lead.waitFor();
    // alex's three picks are on the 13:00 games; two more fit until the 16:25 kickoff (after it only one game is left),
    // told in the sport's zone.
    expect(await lead.getByRole('heading').textContent()).toBe(
      'Week 9: 3 of 5 picked — locks Sunday 22 November, 4:25 PM ET',
    );
    const { block } = await openLiveNow(page);
    expect((await lead.boundingBox())!.y).toBeLessThan((await block.boundingBox())!.y);

    await lead.getByRole('link', { name: 'Make your picks' }).click();
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    // The 13:00 games are under way, the morning's none: the first live card is on the first screen.
    const firstLive = cards.filter({ has: page.locator('.ui-badge--live') }).first();
    await firstLive.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const header = (await page.locator('header').first().boundingBox())!;
    const live = (await firstLive.boundingBox())!;
    expect(live.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(live.y + live.height).toBeLessThanOrEqual(phone.height);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits 390×844 and 1366×768: nothing scrolls sideways, and each pick shows its stake', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
    ]) {
      const { context, page, problems } = await demo.openAs('alex', { viewport });
      const { block } = await openLiveNow(page);
      await block.locator('.updated-stamp').waitFor();
      await figure(block, 'Live rank');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `at ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
      const stakes = block.locator('.my-pick__points');
      expect(await stakes.count()).toBeGreaterThan(0);
      for (const stake of await stakes.all()) expect(await stake.isVisible(), `at ${viewport.width}`).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
