import { describe, expect, it } from 'vitest';
import { findClientByDomain, listAllRoles } from '../../functions/store/accounts.ts';
import { addBettors, placeWeekPicks } from '../support/test-data.ts';
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

const demo = useScoredDemo(now, addCrowd);

describe('a leaderboard of hundreds of players', () => {
  it('keeps only the rows in view in the page, scrolls to the last-ranked player and re-sorts the rows in view', async () => {
    const { context, page, problems } = await demo.openAs('coach');
    await page.goto(`${demo.stack.url}/#/leaderboard`);
    const table = page.getByRole('region', { name: 'Leaderboard, Week 8' });
    await page.locator('.leaderboard__results[aria-busy="false"]').waitFor();
    const rowCount = Number(await table.locator('table').getAttribute('aria-rowcount')) - 1;
    expect(rowCount).toBeGreaterThan(added);
    const rendered = () => table.locator('tbody tr[aria-rowindex]');
    expect(await rendered().count()).toBeLessThan(100);

    const rankOf = async (row: ReturnType<typeof rendered>) => Number(await row.locator('td').first().textContent());
    const topRank = await rankOf(rendered().first());
    await table.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    const lastRow = table.locator(`tbody tr[aria-rowindex="${rowCount + 1}"]`);
    await lastRow.waitFor();
    expect(topRank).toBe(1);
    expect(await rankOf(lastRow)).toBeGreaterThan(1);
    expect(await rendered().count()).toBeLessThan(100);

    // Re-sorted by YTD while scrolled to the bottom: the rows in view are the new order's last ones.
    await page.getByRole('columnheader', { name: 'YTD Points' }).getByRole('button').click();
    await lastRow.waitFor();
    const ranks = await Promise.all((await rendered().all()).map(rankOf));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(problems).toEqual([]);
    await context.close();
  });
});
