// The clock rule seen from a browser abroad (docs/rules.md, Formats): every day and kickoff a player's pages show is
// New York's, the sport's zone, whatever zone the browser is in; the same game reads the same on every page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserStack } from './browser-stack.ts';

// Tuesday 24 November 2026, 23:00 in New York: week 9's last hour, every one of its games begun. It is already
// Wednesday in Tokyo and still Tuesday afternoon in Los Angeles.
const now = '2026-11-25T04:00:00Z';
const sportZone = 'America/New_York';

export const partsOf = (iso: string, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: sportZone, hourCycle: 'h23', ...options })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );

/** A kickoff as the rule tells it, worked out apart from the app: 'Sun 15 Nov, 13:00' in New York. */
export function kickoffInNewYork(iso: string): string {
  const { weekday, day, month, hour, minute } = partsOf(iso, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${weekday} ${day} ${month}, ${hour}:${minute}`;
}

/** The day a game is listed under, e.g. 'Sunday 15 November'. */
export function dayInNewYork(iso: string): string {
  const { weekday, day, month } = partsOf(iso, { weekday: 'long', day: 'numeric', month: 'long' });
  return `${weekday} ${day} ${month}`;
}

/** Every kickoff the page shows: the instant it stands for and the text it reads. */
export const kickoffsShown = (page: Page, scope = 'main') =>
  page
    .locator(`${scope} time[datetime]:not(.updated-stamp *)`)
    .evaluateAll((times) => times.map((time) => [time.getAttribute('datetime')!, time.textContent!.trim()] as const));

async function chooseWeek(page: Page, week: number) {
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Week / })
    .first()
    .click();
  await page.getByRole('option', { name: new RegExp(`^Week ${week} `) }).click();
}

export function describeTheClockFrom(browserZone: string) {
  const app = useBrowserStack(now);

  describe(`a player's pages in a browser in ${browserZone}`, () => {
    it('show each game on its New York day at its New York kickoff, the same on Picks, My Picks and the dashboard', async () => {
      const { context, page } = await app.openAs('alex', { timezoneId: browserZone });
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);
      const seen = new Map<string, Set<string>>();
      const record = (shown: readonly (readonly [string, string])[]) => {
        for (const [instant, text] of shown) seen.set(instant, new Set([...(seen.get(instant) ?? []), text]));
      };

      // The dashboard's My Picks block: last week's (week 8) picks.
      await page.getByRole('list', { name: 'My picks in Week 8' }).waitFor();
      await page.getByText('Times in New York time (ET)').waitFor();
      const dashboard = await kickoffsShown(page, '.my-picks-preview');
      expect(dashboard.length).toBeGreaterThan(0);
      record(dashboard);

      await page.goto(`${app.stack.url}/#/picks`);
      await page.getByText('Times in New York time (ET)').waitFor();
      await chooseWeek(page, 8);
      await page.getByRole('button', { name: /^Week Week 8 · 11\.11 – 11\.17/ }).waitFor();
      await page.getByRole('article').first().waitFor();
      const picks = await kickoffsShown(page);
      expect(picks.length).toBeGreaterThan(dashboard.length);
      record(picks);
      // Each card sits under its game's New York day.
      const headings = await page
        .getByRole('article')
        .evaluateAll((cards) =>
          cards.map(
            (card) =>
              [
                card.querySelector('time')!.getAttribute('datetime')!,
                card.closest('section')!.querySelector('h2 button span:nth-child(2)')!.textContent!,
              ] as const,
          ),
        );
      for (const [instant, heading] of headings) expect(heading, instant).toBe(dayInNewYork(instant));

      await page.goto(`${app.stack.url}/#/my-picks`);
      await page.getByText('Times in New York time (ET)').waitFor();
      await page.getByRole('button', { name: /^Week Week 8 · / }).waitFor();
      await page.locator('main time[datetime]').first().waitFor();
      record(await kickoffsShown(page));

      for (const [instant, texts] of seen) expect([...texts], instant).toEqual([kickoffInNewYork(instant)]);
      await context.close();
    });

    it("opens the server's week, not the device's, with the device's clock 8 days ahead", async () => {
      const { context, page } = await app.openAs('alex', { timezoneId: browserZone, clockAheadMs: 8 * 86_400_000 });
      // Week 9 on the server (the device is in week 10's Thursday): the dashboard shows the week before.
      await page.getByRole('list', { name: 'My picks in Week 8' }).waitFor();
      await page.goto(`${app.stack.url}/#/picks`);
      await page.getByRole('button', { name: /^Week Week 9 · 11\.18 – 11\.24/ }).waitFor();
      await page.goto(`${app.stack.url}/#/leaderboard`);
      await page.getByRole('button', { name: 'Week Week 8' }).waitFor();
      await page.getByText('11.11 – 11.17').waitFor();
      await context.close();
    });

    it('the leaderboard tells the day of each of last week’s picks in New York too', async () => {
      const { context, page } = await app.openAs('alex', { timezoneId: browserZone });
      await page.getByRole('list', { name: 'My picks in Week 8' }).waitFor();
      const picked = await kickoffsShown(page, '.my-picks-preview');
      expect(picked.length).toBeGreaterThan(0);
      await page.goto(`${app.stack.url}/#/leaderboard`);
      const row = page.getByRole('row').filter({ hasText: 'Alex C.' }).first();
      await row.waitFor();
      const rowText = await row.textContent();
      for (const [instant] of picked) expect(rowText).toContain(partsOf(instant, { weekday: 'short' }).weekday);
      await context.close();
    });

    it('when the open week has nothing left to pick, Picks says when the next opens and shows its games read-only', async () => {
      const { context, page } = await app.openAs('alex', { timezoneId: browserZone });
      await page.goto(`${app.stack.url}/#/picks`);
      await page.getByRole('button', { name: /^Week Week 9 · 11\.18 – 11\.24/ }).waitFor();
      await page
        .getByText(
          'Every game of Week 9 has started: nothing is left to pick. Week 10 opens Wednesday 25 November, 12:00 AM ET.',
        )
        .waitFor();
      await page.getByRole('button', { name: "See Week 10's games" }).click();
      await page.getByRole('button', { name: /^Week Week 10 · 11\.25 – 12\.01/ }).waitFor();
      await page.getByText(/^Week 10 opens Wednesday 25 November, 12:00 AM ET\. Until then/).waitFor();
      const cards = page.getByRole('article');
      await cards.first().waitFor();
      expect(await cards.count()).toBeGreaterThan(0);
      // Its games and lines are there; nothing can be picked yet.
      expect(await cards.filter({ hasText: /[+−]\d/ }).count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: /^Pick/ }).count()).toBe(0);
      for (const [instant, text] of await kickoffsShown(page)) expect(text, instant).toBe(kickoffInNewYork(instant));
      await context.close();
    });
  });
}
