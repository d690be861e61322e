import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPages } from '../../web/src/app/pages.tsx';
import { recordLayoutShifts } from './support/layout-shift.ts';
import { useScoredDemo } from './support/scored-demo.ts';

// Sunday noon in New York, week 9 of the demo season: weeks 1–8 are over.
const now = '2026-11-22T17:00:00Z';
const minus = '\u2212';

const demo = useScoredDemo(now);

const statFigure = async (page: Page, label: string) => {
  const dd = page.locator(`dl > div:has(> dt:text-is("${label}")) > dd`).first();
  await dd.waitFor();
  return (await dd.textContent())?.trim() ?? '';
};
const isBuilt = (path: string) => appPages.some((page) => page.path === path && page.built);
const activePrizes = 'Prizes: 1st place — $100 gift card · 2nd place — $50 gift card · Best single week — team lunch';
/** The line under a page's title naming what the pool plays for. */
const prizesLine = async (page: Page) => {
  const line = page.locator('p', { hasText: 'Prizes:' });
  await line.waitFor();
  return line.textContent();
};

describe('the Dashboard', () => {
  it('on a phone (412×823) the blocks arriving late do not shift the page (CLS ≤ 0.05)', async () => {
    const { context, page, problems } = await demo.openAs('alex', { viewport: { width: 412, height: 823 } });
    const shifts = await recordLayoutShifts(page);
    // What the blocks show (prizes, stats, the top 3, the player's weeks, announcements) is held back until the page
    // is in place with their rooms.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      /\/Services\/api\/(Client\/(prize|announcement)-list|Bet\/(stats|balance|list))/,
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('status', { name: 'Loading the stats…' }).waitFor();
    await page.getByRole('status', { name: 'Loading the leaderboard…' }).waitFor();
    const from = await shifts.mark();
    release();
    await page.getByRole('list', { name: 'Top 3 of Week 8' }).waitFor();
    await statFigure(page, 'Total Win');
    await prizesLine(page);
    await page.waitForLoadState('networkidle');
    expect(await shifts.since(from)).toBeLessThanOrEqual(0.05);
    expect(problems).toEqual([]);
    await context.close();
  });
  it("a bettor sees My Stats over the sport's banner, the top 3 of last week and his own picks of last week, and no 'Live now' block before this week's games start", async () => {
    const { context, page, problems } = await demo.openAs('alex');
    await page.getByRole('heading', { name: 'My Stats' }).waitFor();
    // Under the title, what the pool plays for: the active prizes, not the one the company admin switched off.
    expect(await prizesLine(page)).toBe(activePrizes);
    expect(await page.getByRole('heading', { name: 'NFL season' }).count()).toBe(1);
    expect(await page.getByText('Week 9 · 11.18 – 11.24').count()).toBe(1);
    expect(Number.parseInt(await statFigure(page, 'Total Win'), 10)).toBeGreaterThan(0);
    expect(await statFigure(page, 'Total Win')).toMatch(/^\d+ \d+(\.\d)?%$/);
    for (const tile of ['Total Winnings', 'Total Points', 'Last week Winnings', 'Last week Points']) {
      expect(await statFigure(page, tile), tile).toMatch(new RegExp(`^[+${minus}]?\\d+$`));
    }
    expect(await page.getByRole('heading', { name: 'Users' }).count()).toBe(0);

    const top = page.getByRole('list', { name: 'Top 3 of Week 8' });
    await top.waitFor();
    expect(await top.getByRole('listitem').count()).toBe(3);
    // The player's own row says so in words, not only in colour.
    expect(await top.getByText('You', { exact: true }).count()).toBe(await top.locator('.podium__row--you').count());

    // My Picks: last week's picks, regular ones by points (20, 10, 10, 5, 5), each with its result.
    const picks = page.getByRole('list', { name: 'My picks in Week 8' });
    await picks.waitFor();
    const points = (await picks.locator('.my-pick__points').allTextContents()).map((text) => Number.parseInt(text, 10));
    expect(points.length).toBeGreaterThan(0);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    for (const badge of await picks.locator('.result-badge').allTextContents())
      expect(badge).toMatch(new RegExp(`^(Won \\+\\d+|Lost ${minus}\\d+|Draw)$`));
    expect(await page.getByRole('link', { name: 'See all' }).count()).toBe(isBuilt('/my-picks') ? 1 : 0);

    // No game of this week is under way at noon: no game-day block shows. The player's week is read once, for the
    // call to action on top.
    const thisWeekRead: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/Bet/list') && (request.postData() ?? '').includes('weekId=20263309'))
        thisWeekRead.push(request.url());
    });
    await page.reload();
    await page.getByRole('list', { name: 'My picks in Week 8' }).waitFor();
    await page.getByRole('region', { name: /^Week 9: / }).waitFor();
    expect(await page.getByRole('region', { name: 'Live now' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Live now' }).count()).toBe(0);
    expect(thisWeekRead).toHaveLength(1);

    await page.getByRole('link', { name: 'All results' }).click();
    await page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    expect(await prizesLine(page)).toBe(activePrizes);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("leads a player in Tokyo with what to do now: the week's picks so far and when the slip locks in Tokyo time, the way to Picks, its room kept while it loads", async () => {
    const phone = { width: 390, height: 844 };
    const { context, page, problems } = await demo.openAs('alex', { viewport: phone, timezoneId: 'Asia/Tokyo' });
    const lead = page.getByRole('region', { name: /^Week 9: / });
    await lead.waitFor();
    // Sunday noon in New York: alex has picked none of week 9, and the slip can be filled until the 13:00 kickoffs,
    // told in the sport's zone (docs/rules.md, Formats) though the viewer is in Tokyo. The lead comes before every card.
    expect(await lead.getByRole('heading').textContent()).toBe(
      'Week 9: 0 of 5 picked — locks Sunday 22 November, 1:00 PM ET',
    );
    expect(await lead.textContent()).toContain('5 picks to go. After then, too few games are left to make them all.');
    const [leadBox, firstCard] = [await lead.boundingBox(), await page.locator('.ui-card').first().boundingBox()];
    expect(leadBox!.y).toBeLessThan(firstCard!.y);

    // Held back, the week's answer leaves the lead its room: nothing below it moves when it comes.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/Services/api/Bet/list', async (route) => {
      if ((route.request().postData() ?? '').includes('weekId=20263309')) await held;
      await route.continue();
    });
    await page.reload();
    const loading = page.getByRole('region', { name: 'This week' });
    await loading.waitFor();
    const stats = page.getByRole('heading', { name: 'My Stats' });
    await stats.waitFor();
    // What comes above it on its own time (the prizes under the title) is in place first.
    await prizesLine(page);
    // Both measured in one step while the room shows: when the lead's code arrives, React keeps the room it showed
    // meanwhile hidden (display: none) for a moment while it puts the lead's own room in its place.
    const shown = await page.waitForFunction(() => {
      const room = document.querySelector('section[aria-label="This week"]');
      const heading = [...document.querySelectorAll('h1, h2, h3')].find((each) => each.textContent === 'My Stats');
      if (!room?.checkVisibility() || !heading) return undefined;
      return { lead: room.getBoundingClientRect().toJSON(), stats: heading.getBoundingClientRect().toJSON() };
    });
    const before = (await shown.jsonValue()) as { lead: DOMRect; stats: DOMRect };
    release();
    // The lead's region takes the room's place once its code and the week are both in: poll until it stands.
    await expect.poll(async () => (await lead.boundingBox())?.height).toBe(before.lead.height);
    expect((await stats.boundingBox())!.y).toBe(before.stats.y);

    await lead.getByRole('link', { name: 'Make your picks' }).click();
    await page.getByRole('heading', { name: 'Picks', level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a company admin sees the Overall Stats and the Users preview; switching sport switches the banner', async () => {
    const { context, page, problems } = await demo.openAs('coach');
    await page.getByRole('heading', { name: 'Overall Stats' }).waitFor();
    expect(await page.getByText(/Signed in as Chris C\./).count()).toBe(1);
    const users = page.getByRole('region', { name: 'Users' });
    await users.waitFor();
    expect(await users.locator('thead th').allTextContents()).toEqual(['ID', 'Name', 'Login', 'E-mail', 'Active']);
    expect(await users.locator('tbody tr').count()).toBe(6);
    expect(await users.getByRole('img', { name: 'Active' }).count()).toBe(6);
    expect(await page.getByRole('link', { name: 'All users' }).count()).toBe(isBuilt('/users') ? 1 : 0);
    expect(await page.getByRole('heading', { name: 'My Picks' }).count()).toBe(0);
    // The company admin reads the prizes as the players do (only client managers see the inactive one).
    expect(await prizesLine(page)).toBe(activePrizes);

    await page.getByRole('navigation', { name: 'Sports' }).getByRole('button', { name: 'NBA' }).click();
    await page.getByRole('heading', { name: 'NBA season' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a phone: nothing scrolls sideways, the prizes wrap', async () => {
    const phone = { width: 375, height: 812 };
    for (const login of ['alex', 'coach']) {
      const { context, page, problems } = await demo.openAs(login, { viewport: phone });
      await page.getByRole('list', { name: 'Top 3 of Week 8' }).waitFor();
      expect(await prizesLine(page)).toBe(activePrizes);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), login).toBeLessThanOrEqual(phone.width);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
