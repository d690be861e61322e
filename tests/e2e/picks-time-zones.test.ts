// The Picks page in the sport's time zone wherever the viewer is: on a Thursday the Bonus Games tab lists the coming
// Monday and Tuesday games read-only, with when bonus picks open; on a phone in Tokyo the page opens at the first open
// game.
import { describe, expect, it } from 'vitest';
import { useBrowserStack } from './support/browser-stack.ts';

// Thursday noon in New York, week 9: Wednesday night's game has kicked off, Thursday night's has not.
const now = '2026-11-19T17:00:00Z';

const app = useBrowserStack(now);

describe('Picks page', () => {
  it("on a Thursday the Bonus Games tab lists the coming Monday and Tuesday games read-only, with when bonus picks open in the sport's zone, wherever the viewer is", async () => {
    const opens = 'Monday 23 November, 12:00 AM ET';
    for (const timezoneId of ['America/New_York', 'Asia/Tokyo']) {
      const { context, page, problems } = await app.openAs('alex', { timezoneId });
      await page.goto(`${app.stack.url}/#/picks`);
      await page.getByRole('article').first().waitFor();
      await page.getByRole('button', { name: 'Bonus Games' }).click();
      await page
        .getByText(`Bonus picks open ${opens}. Until then the week's bonus games are shown read-only.`)
        .waitFor();
      expect(await page.getByText('The bonus game is currently unavailable.').count()).toBe(0);
      const games = page.getByRole('article');
      // Kickoffs stay in the sport's zone: Monday's and Tuesday's games, none to pick yet.
      const kickoffs = () => games.locator('time').allTextContents();
      await expect
        .poll(async () => (await kickoffs()).every((kickoff) => /^(Mon 23|Tue 24) Nov/.test(kickoff)))
        .toBe(true);
      expect((await kickoffs()).length).toBeGreaterThanOrEqual(2);
      expect(await games.getByRole('button', { name: 'Pick Now' }).count()).toBe(0);
      expect(
        await page
          .getByText(/^\d+ games?$/)
          .first()
          .textContent(),
      ).toBe(`${await games.count()} games`);
      await page.getByRole('button', { name: 'Weekly Picks' }).click();
      await page.getByRole('article').getByRole('button', { name: 'Pick Now' }).first().waitFor();
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("opens at the first open game on a phone in Tokyo: it is on the first screen, Wednesday's started game a scroll up", async () => {
    const phone = { width: 390, height: 844 };
    const { context, page, problems } = await app.openAs('alex', { viewport: phone, timezoneId: 'Asia/Tokyo' });
    await page.goto(`${app.stack.url}/#/picks`);
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    // Thursday night's game is the first one open; Wednesday night's has kicked off.
    const firstOpen = cards.filter({ hasText: 'Thu 19 Nov' }).first();
    await firstOpen.getByRole('button', { name: 'Pick Now' }).waitFor();
    const header = (await page.locator('header').first().boundingBox())!;
    const open = (await firstOpen.boundingBox())!;
    expect(open.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(open.y + open.height).toBeLessThanOrEqual(phone.height);
    // Its day's heading comes along; the finished games are above, reached by scrolling up.
    const day = (await page.getByRole('button', { name: /^Thursday 19 November/ }).boundingBox())!;
    expect(day.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(day.y).toBeLessThan(open.y);
    const started = cards.filter({ hasText: 'Wed 18 Nov' }).first();
    expect((await started.boundingBox())!.y).toBeLessThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
