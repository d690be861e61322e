// Issue 4 "Done when", bonus pick: on a bonus day a player places the week's bonus bet, then
// moves it to another game at the most the week allows (10 plus the regular points won).
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { localDate } from '#domain/season/zoned-time.ts';
import { describe, expect, it } from 'vitest';
import { hasSpread, regularPoints } from '#domain/betting/slip.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { loadWeek, runSlipCommand } from '../../functions/betting/slip-service.ts';
import { feedFor } from '../../functions/providers/provider-for.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { findUserByLogin } from '../../functions/store/account-claims.ts';
import { getSeason } from '../../functions/store/catalogue.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { apiToken } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

// Monday 10:00 in New York, week 9: the weekend's games are over, Monday's and Tuesday's are ahead.
const now = '2026-11-23T15:00:00Z';
const thursday = '2026-11-19T17:00:00Z';

/**
 * Given: last Thursday jordan picked five weekend games that went on to cover, and the scores are
 * imported. The picks are placed the way the demo seed places its own, with the clock at Thursday.
 */
async function givenFiveWinningPicks(stack: LocalStack): Promise<number> {
  const { deps } = stack;
  const client = (await findClientByDomain(deps, 'demo'))!;
  const jordan = (await findUserByLogin(deps, client.id, 'jordan'))!;
  const view = await loadWeek(deps, { clientId: client.id, sportId: 33, weekId: undefined });
  const season = (await getSeason(deps, 33))!;
  const finals = new Map(
    (await feedFor(deps.clock, localDate(season.beginDate), deps.settings).listResults('NFL', view.week.beginDate))
      .filter((result) => result.status === GameStatus.Finished)
      .map((result) => [result.id, result]),
  );
  const covering = [...view.facts.values()].flatMap((game) => {
    const final = finals.get(game.id);
    if (!game.onRegularDay || !final || !hasSpread(game.homeLine) || Date.parse(game.beginning) < Date.parse(thursday))
      return [];
    const homeMargin = final.homeScore! - final.awayScore! + game.homeLine;
    return homeMargin === 0 ? [] : [{ gameId: game.id, teamId: homeMargin > 0 ? game.homeTeamId : game.awayTeamId }];
  });
  const picks = covering
    .slice(0, regularPoints.length)
    .map((pick, index) => ({ ...pick, points: regularPoints[index]! }));
  expect(picks).toHaveLength(5);
  const slip = { clientId: client.id, userId: jordan.id, sportId: 33, weekId: view.week.id };
  await runSlipCommand(
    { ...deps, clock: fixedClock(thursday) },
    { slip, actorId: jordan.id },
    { type: 'SetRegularPicks', picks },
    view,
  );

  const imported = await fetch(`${stack.url}/Services/api/Game/load-results`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await apiToken(stack.url, 'coach', 'pickem-demo')}` },
    body: new URLSearchParams({ sportId: '33' }),
  });
  expect(imported.status).toBe(202);
  await stack.settled();
  return 10 + regularPoints.reduce((sum, points) => sum + points, 0);
}

let maxBonus: number;
const app = useBrowserStack(now, {
  given: async (stack) => {
    maxBonus = await givenFiveWinningPicks(stack);
  },
});

describe('Bonus Games', () => {
  it('places a 10-point bonus bet, then replaces it on another game at the maximum, where + stops', async () => {
    const { context, page, problems } = await app.openAs('jordan');
    // Five picks in on a bonus day: the dashboard's next step leads to the Bonus Games tab.
    await page.goto(`${app.stack.url}/#/dashboard`);
    await page.getByRole('link', { name: 'Pick a bonus game' }).click();
    await page.getByRole('heading', { name: 'Picks', level: 1 }).waitFor();
    await page.getByText('Welcome to Bonus Game!').waitFor();
    expect(page.url()).toBe(`${app.stack.url}/#/picks`);
    await page.getByRole('status').filter({ hasText: 'Your week earn' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Your week earn' }).textContent()).toBe(
      'Your week earn+50',
    );
    const open = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Pick Now' }) });
    await open.first().waitFor();
    const games = await open.locator('h3').allTextContents();
    expect(games.length).toBeGreaterThanOrEqual(2);
    const [first, second] = games as [string, string];

    // The first bonus pick keeps the starting 10 points; − is off at the minimum.
    await page.getByRole('article', { name: first, exact: true }).getByRole('button', { name: 'Pick Now' }).click();
    let dialog = page.getByRole('dialog', { name: first });
    await dialog.getByRole('radio', { name: /^Home / }).check();
    const points = dialog.getByRole('textbox', { name: 'Bonus points' });
    expect(await points.inputValue()).toBe('10');
    expect(await dialog.getByRole('button', { name: 'Decrease bonus points' }).isDisabled()).toBe(true);
    expect(await dialog.getByText(`From 10 to ${maxBonus} points this week`).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Place Bet' }).click();
    await dialog.waitFor({ state: 'detached' });
    const firstCard = page.getByRole('article', { name: first, exact: true });
    await firstCard.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await firstCard.textContent()).toContain('Bonus · 10 pts');

    // Placing on another game replaces it. A typed value past the maximum is brought back to it.
    await page.getByRole('article', { name: second, exact: true }).getByRole('button', { name: 'Pick Now' }).click();
    dialog = page.getByRole('dialog', { name: second });
    await dialog.getByRole('radio', { name: /^Visitor / }).check();
    await dialog.getByRole('textbox', { name: 'Bonus points' }).fill('999');
    await dialog.getByRole('textbox', { name: 'Bonus points' }).blur();
    expect(await dialog.getByRole('textbox', { name: 'Bonus points' }).inputValue()).toBe(String(maxBonus));
    expect(await dialog.getByRole('button', { name: 'Increase bonus points' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Decrease bonus points' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Bonus points' }).inputValue()).toBe(String(maxBonus - 1));
    await dialog.getByRole('button', { name: 'Increase bonus points' }).click();
    expect(await dialog.getByRole('button', { name: 'Increase bonus points' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Place Bet' }).click();
    await dialog.waitFor({ state: 'detached' });

    const secondCard = page.getByRole('article', { name: second, exact: true });
    await secondCard.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await secondCard.textContent()).toContain(`Bonus · ${maxBonus} pts`);
    await firstCard.getByRole('button', { name: 'Pick Now' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(1);

    // The regular picks' games are over: the weekly page shows their results.
    await page.getByRole('button', { name: 'Weekly Picks' }).click();
    await page.getByText('The bet won').first().waitFor();
    expect(await page.getByText('The bet won').count()).toBe(5);
    expect(problems).toEqual([]);
    await context.close();
  });
});
