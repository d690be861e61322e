// Game day in Chromium: alex picked three 13:00 games at noon; at 14:30 Import Scores brought their live
// scores. The pick cards and My Picks say whether each pick covers now, and the leaderboard of the week
// shows the Live column, live cells and the week's Live marker.
import { describe, expect, it } from 'vitest';
import { livePick, openLiveLeaderboard, useLiveSunday } from './support/live-sunday.ts';

const demo = useLiveSunday('2026-11-22T19:30:00Z');

describe('live game day', () => {
  it("alex's pick cards and My Picks ('Live now') show each live pick's score and whether it covers now", async () => {
    const { page } = await demo.openAs('alex');
    await page.goto(`${demo.stack.url}/#/picks`);
    const badges = page.locator('.pick-card .ui-live-pick');
    await expect.poll(() => badges.count()).toBe(3);
    for (const text of await badges.allTextContents()) expect(text).toMatch(livePick);

    await page.goto(`${demo.stack.url}/#/my-picks`);
    // The games under way are listed first, under 'Live now', not under 'Upcoming games'.
    const liveNow = page.getByRole('region', { name: 'Live now' });
    const mine = liveNow.locator('.my-bet .ui-live-pick');
    await expect.poll(() => mine.count()).toBe(3);
    expect(await page.getByRole('region', { name: 'Upcoming games' }).locator('.ui-live-pick').count()).toBe(0);
    for (const text of await mine.allTextContents()) expect(text).toMatch(livePick);
  });

  it("the live Picks page asks its week's live version every 10 s without its token, its games only when the version moved, and says when it was updated", async () => {
    const { page } = await demo.openAs('alex');
    await page.goto(`${demo.stack.url}/#/picks`);
    await page.locator('.pick-card .ui-live-pick').first().waitFor();
    const stamp = page.locator('.updated-stamp');
    await expect.poll(() => stamp.textContent()).toMatch(/^Updated \d\d:\d\d:\d\d$/);
    const versions: string[] = [];
    const withToken: boolean[] = [];
    let lists = 0;
    page.on('request', (request) => {
      if (request.url().includes('/Game/live-version')) withToken.push('authorization' in request.headers());
      if (request.url().includes('/Bet/list')) lists += 1;
    });
    page.on('response', (answer) => {
      // A body still arriving when the test closes its page is not read (and not an unhandled rejection).
      if (answer.url().includes('/Game/live-version'))
        answer.json().then(
          (body) => versions.push((body as { version: string }).version),
          () => undefined,
        );
    });
    const shown = await stamp.textContent();
    for (let round = 0, before = 0; round < 3; round++, before = versions.length) {
      await page.clock.runFor(10_500);
      await expect.poll(() => versions.length).toBeGreaterThan(before);
    }
    expect(withToken.every((sent) => !sent)).toBe(true);
    // Each new version reads the slip and the shown list again (two reads); an unchanged one reads nothing.
    const moves = versions.filter((version, index) => index > 0 && version !== versions[index - 1]).length;
    expect(lists).toBeLessThanOrEqual(2 * (moves + 1));
    // The stamp moved with the answers: the page was known current later than when it was first shown. On a busy
    // machine the last answer may land after the fake clock stopped, and its handling waits on the page's timers.
    await expect
      .poll(async () => {
        await page.clock.runFor(1_000);
        return stamp.textContent();
      })
      .not.toBe(shown);
  });

  it('the leaderboard of a live week shows the Live marker, a Live column that sorts (its order leaving with it), and live cells', async () => {
    const { page } = await demo.openAs('alex');
    const { table } = await openLiveLeaderboard(page, demo.stack.url);
    // The Live column sorts: the server ranks the page by its live index.
    const liveHeader = table.getByRole('columnheader', { name: /^Live/ });
    const ranked = page.waitForResponse((answer) => answer.url().includes('sort=live') && answer.status() === 200);
    await liveHeader.getByRole('button').click();
    await ranked;
    expect(await liveHeader.getAttribute('aria-sort')).toBe('descending');

    // Week 8 has no live games, so no Live column: the order goes with it, to Week Points, and stays so in week 9.
    await page.getByRole('button', { name: 'Previous week' }).click();
    const week8 = page.getByRole('region', { name: 'Leaderboard, Week 8' });
    await expect
      .poll(() => week8.getByRole('columnheader', { name: /^Week Points/ }).getAttribute('aria-sort'))
      .toBe('descending');
    expect(await week8.getByRole('columnheader', { name: /^Live/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect
      .poll(() => table.getByRole('columnheader', { name: /^Week Points/ }).getAttribute('aria-sort'))
      .toBe('descending');
  });

  it('the live pages fit at 1366×768 and at 390×844: nothing scrolls sideways', async () => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      const { page, context } = await demo.openAs('alex', { viewport });
      for (const path of ['/picks', '/my-picks']) {
        await page.goto(`${demo.stack.url}/#${path}`);
        await page.locator('.ui-live-pick').first().waitFor();
        await page.locator('.updated-stamp').waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} at ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
      }
      await page.goto(`${demo.stack.url}/#/leaderboard`);
      await page.getByRole('button', { name: 'Next week' }).click();
      await page.locator('.leaderboard__live .updated-stamp').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `/leaderboard at ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
      await context.close();
    }
  });
});
