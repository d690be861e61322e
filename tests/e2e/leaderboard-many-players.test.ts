import { describe, expect, it } from 'vitest';
import { hasSpread, isOpen, regularPoints } from '../../domain/betting/slip.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { loadWeek, runSlipCommand } from '../../functions/betting/slip-service.ts';
import { findClientByDomain, listAllRoles } from '../../functions/store/accounts.ts';
import { listWeeks } from '../../functions/store/catalogue.ts';
import { addBettors } from '../../bench/players.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { useScoredDemo } from './support/scored-demo.ts';

// Sunday noon in New York, week 9: the Leaderboard opens on week 8, whose results are in.
const now = '2026-11-22T17:00:00Z';
const added = 300;

/** 300 more bettors with picks in week 8, placed at the week's start through the slip command. */
async function addCrowd(stack: LocalStack) {
  const { deps } = stack;
  const client = (await findClientByDomain(deps, 'demo'))!;
  const bettor = (await listAllRoles(deps)).find((role) => role.name === 'Bettor' && role.clientId === client.id)!;
  const players = await addBettors(deps, client, bettor, added, 'crowd');
  const week8 = (await listWeeks(deps, 33)).find((week) => week.number === 8)!;
  const placedAt = new Date(Date.parse(week8.beginDate) + 30 * 60 * 1000);
  const atWeekStart = { ...deps, clock: fixedClock(placedAt) };
  const view = await loadWeek(atWeekStart, { clientId: client.id, sportId: 33, weekId: week8.id });
  const games = [...view.facts.values()].filter((game) => game.onRegularDay && isOpen(game, placedAt) && hasSpread(game.homeLine));
  for (const [index, player] of players.entries()) {
    const bets = games.slice(index % 4, (index % 4) + regularPoints.length).map((game, slot) => ({
      gameId: game.id, teamId: (index + slot) % 2 ? game.homeTeamId : game.awayTeamId, points: regularPoints[slot]!,
    }));
    await runSlipCommand(atWeekStart, { slip: { clientId: client.id, userId: player.id, sportId: 33, weekId: week8.id }, actorId: player.id }, { type: 'SetRegularBets', bets }, view);
  }
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
