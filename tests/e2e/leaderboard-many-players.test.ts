import { describe, expect, it } from 'vitest';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listAllRoles } from '../../functions/store/roles.ts';
import { addBettors, benchPassword, placeWeekPicks } from '../support/test-data.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { shownWeek } from './support/leaderboard.ts';
import { useScoredDemo } from './support/scored-demo.ts';

// Sunday noon in New York, week 9: the Leaderboard opens on week 8, whose results are in.
const now = '2026-11-22T17:00:00Z';
const added = 300;

/** 300 more bettors with picks in week 8, placed through the slip command while its games are open. */
async function addCrowd({ deps }: LocalStack) {
  const client = (await findClientByDomain(deps, 'demo'))!;
  const bettor = (await listAllRoles(deps)).find((role) => role.name === 'Bettor' && role.clientId === client.id)!;
  await placeWeekPicks(deps, client, await addBettors(deps, client, bettor, added, 'crowd'), 8);
}

const demo = useScoredDemo(now, { name: `${added} more bettors with week 8 picks`, run: addCrowd });

describe('a leaderboard of hundreds of players', () => {
  it('shows one page of 25 in rank order with the player’s own row pinned on top; Show more goes on where it ended; sorting asks the server', async () => {
    const { context, page, problems } = await demo.openAs('crowd00300', { password: benchPassword });
    await page.goto(`${demo.stack.url}/#/leaderboard`);
    const table = page.getByRole('region', { name: 'Leaderboard, Week 8' });
    await page.locator('.leaderboard__results[aria-busy="false"]').waitFor();
    const ranked = table.locator('tbody tr:not(.is-pinned)');
    const rankOf = async (row: ReturnType<typeof ranked.first>) =>
      Number(await row.locator('td').first().textContent());
    await ranked.first().waitFor();
    expect(await ranked.count()).toBe(25);
    expect(await rankOf(ranked.first())).toBe(1);

    const pinned = table.locator('tbody tr.is-pinned');
    expect(await pinned.getByText('You', { exact: true }).count()).toBe(1);
    const ownRank = await rankOf(pinned);
    const standing = page.locator('.standing');
    expect(await standing.textContent()).toContain(`#${ownRank.toLocaleString('en-US')}`);
    expect(await standing.textContent()).toMatch(/of 3\d\d/);

    const lastOfFirst = await rankOf(ranked.nth(24));
    await page.getByRole('button', { name: 'Show more' }).click();
    await ranked.nth(49).waitFor();
    const ranks = await Promise.all((await ranked.all()).map(rankOf));
    expect(ranks[25]).toBeGreaterThanOrEqual(lastOfFirst);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    // By YTD, the server's order from the top again: one page, ranked from 1.
    const ytdHeader = page.getByRole('columnheader', { name: 'YTD Points' });
    await ytdHeader.getByRole('button').click();
    expect(await ytdHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => ranked.count()).toBe(25);
    const ytdRanks = await Promise.all((await ranked.all()).map(rankOf));
    expect(ytdRanks[0]).toBe(1);
    expect(ytdRanks).toEqual([...ytdRanks].sort((a, b) => a - b));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a phone (390×844) the standings of hundreds keep only the ranks in view in the page, an opened row’s picks keep their room as it leaves the page, the own row stays pinned, and a column’s header sorts', async () => {
    const phone = { width: 390, height: 844 };
    const { context, page, problems } = await demo.openAs('crowd00300', { password: benchPassword, viewport: phone });
    await page.goto(`${demo.stack.url}/#/leaderboard`);
    const table = page.getByRole('region', { name: 'Leaderboard, Week 8' });
    await page.locator('.leaderboard__results[aria-busy="false"]').waitFor();
    const rowCount = () => table.locator('table').getAttribute('aria-rowcount');
    // The header, the own row pinned and 5 pages of 25: more ranks than a table renders whole.
    for (let pages = 2; pages <= 5; pages += 1) {
      await page.getByRole('button', { name: 'Show more' }).click();
      await expect.poll(rowCount).toBe(String(2 + pages * 25));
    }
    const ranked = table.locator('tbody tr.standings__row:not(.is-pinned)');
    const lastRanked = table.locator('tbody tr[aria-rowindex="127"]');
    await page.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
    await lastRanked.waitFor();
    expect(await ranked.count()).toBeLessThanOrEqual(60);

    // Back at the top: the leader's picks open under the row.
    await page.evaluate(() => window.scrollTo(0, 0));
    const leader = table.locator('tbody tr[aria-rowindex="3"]');
    await leader.waitFor();
    expect(await lastRanked.count()).toBe(0);
    expect(await ranked.count()).toBeLessThanOrEqual(60);
    const toggle = leader.getByRole('button', { name: /picks$/ });
    await toggle.click();
    const picks = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await picks.waitFor();
    expect((await picks.boundingBox())!.height).toBeGreaterThan(100);

    // The last rank rendered scrolled to 300 px above the screen: the leader and his picks leave the DOM, and the
    // room they leave keeps that row where the scroll put it.
    const rowIndex = await ranked.last().getAttribute('aria-rowindex');
    const target = table.locator(`tbody tr[aria-rowindex="${rowIndex}"]`);
    const targetTop = await target.evaluate((row) => row.getBoundingClientRect().top + window.scrollY);
    await page.evaluate((y) => window.scrollTo(0, y), targetTop + 300);
    await expect.poll(() => picks.count()).toBe(0);
    expect(Math.abs((await target.boundingBox())!.y + 300)).toBeLessThan(2);
    expect(await ranked.count()).toBeLessThanOrEqual(60);
    const own = (await table.locator('tbody tr.is-pinned td').first().boundingBox())!;
    expect(own.y).toBeGreaterThan(0);
    expect(own.y + own.height).toBeLessThanOrEqual(phone.height);

    // Scrolled back, the leader's picks are open still.
    await page.evaluate(() => window.scrollTo(0, 0));
    await picks.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    // YTD Points' header (the one every table shares) asks the server for its order: descending, then ascending.
    const ytdHeader = table.getByRole('columnheader', { name: 'YTD Points' });
    await ytdHeader.getByRole('button').click();
    expect(await ytdHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => ranked.count()).toBe(25);
    const descending = (await shownWeek(page, 8)).map((row) => row.ytd);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    await ytdHeader.getByRole('button').click();
    expect(await ytdHeader.getAttribute('aria-sort')).toBe('ascending');
    const ytdShown = async () => (await shownWeek(page, 8)).map((row) => row.ytd);
    await expect.poll(async () => (await ytdShown())[0]).toBeLessThan(descending.at(-1)!);
    const ascending = await ytdShown();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(problems).toEqual([]);
    await context.close();
  });
});
