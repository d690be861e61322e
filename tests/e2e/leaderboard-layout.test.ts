// The Leaderboard on a laptop's screen: the table comes first, and its rank, player and points columns stay in view
// at the common laptop sizes with the bets shown.
import { describe, expect, it } from 'vitest';
import { useLeaderboardDemo } from './support/leaderboard.ts';

const { openLeaderboardAs } = useLeaderboardDemo();

describe('the Leaderboard on a laptop', () => {
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
});
