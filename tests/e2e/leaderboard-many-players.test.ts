import { describe, expect, it } from 'vitest';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listAllRoles } from '../../functions/store/roles.ts';
import { addBettors, benchPassword, placeWeekPicks } from '../support/test-data.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
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
});
