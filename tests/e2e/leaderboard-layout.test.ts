// The Leaderboard on a laptop's screen: the table comes first, and its rank, player and points columns stay in view
// at the common laptop sizes with the bets shown; the standings loading late do not shift the page.
import { describe, expect, it } from 'vitest';
import { recordLayoutShifts } from './support/layout-shift.ts';
import { useLeaderboardDemo } from './support/leaderboard.ts';

const { demo, openLeaderboardAs } = useLeaderboardDemo();

describe('the Leaderboard on a laptop', () => {
  it('on a phone (412×823) the prizes, the seasons and the standings arriving late do not shift the page (CLS ≤ 0.05)', async () => {
    const { context, page, problems } = await demo.openAs('coach', { viewport: { width: 412, height: 823 } });
    const shifts = await recordLayoutShifts(page);
    // The prizes, the sport's seasons and the week's standings are held back until the rest of the page is in place.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/Services\/api\/(Client\/prize-list|Game\/season-list|Bet\/balance)/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${demo.stack.url}/#/leaderboard`);
    await page.reload();
    await page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Week Week \d+$/ }).waitFor();
    await page.getByRole('status', { name: 'Loading Week 8…' }).waitFor();
    const from = await shifts.mark();
    release();
    await page.getByRole('region', { name: 'Leaderboard, Week 8' }).locator('tbody tr').first().waitFor();
    await page.getByText(/^Prizes:/).waitFor();
    await page.locator('.leaderboard__weeks .season-select:not([aria-hidden])').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await shifts.since(from)).toBeLessThanOrEqual(0.05);
    expect(problems).toEqual([]);
    await context.close();
  });
  it('at 1366×768 the table comes first under the week selector, its first rows on the first screen, the charts below', async () => {
    const { context, page } = await openLeaderboardAs('coach', { width: 1366, height: 768 });
    const firstRow = page.locator('.leaderboard-table tbody tr').first();
    await firstRow.waitFor();
    const row = (await firstRow.boundingBox())!;
    const overview = (await page.locator('.leaderboard__overview').boundingBox())!;
    expect(row.y + row.height).toBeLessThan(768);
    expect(overview.y).toBeGreaterThan(row.y);
    await context.close();
  });
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1366, height: 768 },
    { width: 1440, height: 900 },
  ])
    it(`at ${viewport.width}×${viewport.height} with the bets shown, rank, player, Week Points and YTD Points are in view without a sideways scroll`, async () => {
      const { context, page } = await openLeaderboardAs('coach', viewport);
      const table = page.locator('.leaderboard-table .ui-table-wrap');
      await page.locator('.leaderboard-table tbody tr').first().waitFor();
      const box = (await table.boundingBox())!;
      expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      for (const name of ['Rank', 'Player', 'Week Points', 'YTD Points']) {
        const header = (await page
          .getByRole('columnheader', { name: new RegExp(`^${name}`) })
          .first()
          .boundingBox())!;
        expect(header.x, name).toBeGreaterThanOrEqual(box.x - 1);
        expect(header.x + header.width, name).toBeLessThanOrEqual(box.x + box.width + 1);
      }
      await context.close();
    });

  it('at 1366×768 in Tokyo the standings arriving late do not shift the page (CLS ≤ 0.05)', async () => {
    const viewport = { width: 1366, height: 768 };
    const { context, page, problems } = await demo.openAs('coach', { viewport, timezoneId: 'Asia/Tokyo' });
    const shifts = await recordLayoutShifts(page);
    // The week's standings (and the player's rank with them) are held back until the rest of the page is in place.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/Services/api/Bet/balance?*', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${demo.stack.url}/#/leaderboard`);
    await page.reload();
    await page.getByText(/^Prizes:/).waitFor();
    await page.getByRole('button', { name: /^Week Week \d+$/ }).waitFor();
    await page.getByRole('region', { name: /^The \d{4} season$|^Season so far$/ }).waitFor();
    await page.getByRole('status', { name: 'Loading Week 8…' }).waitFor();
    const from = await shifts.mark();
    release();
    await page.locator('.leaderboard-table tbody tr').first().waitFor();
    await page.locator('.standing').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await shifts.since(from)).toBeLessThanOrEqual(0.05);
    expect(problems).toEqual([]);
    await context.close();
  });
});
