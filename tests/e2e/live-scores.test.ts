// Game day in Chromium: alex picked three 13:00 games at noon; at 14:30 Import Scores brought their live
// scores. The pick cards and My Picks say whether each pick covers now, and the leaderboard of the week
// shows the Live column, live cells and the week's Live marker.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { runSlipCommand } from '../../functions/betting/slip-service.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { stackApi, useScoredDemo } from './support/scored-demo.ts';

const now = '2026-11-22T19:30:00Z';
const week9 = 20263309;
const livePick = /^(Covering by \d+(\.5)?|Not covering by \d+(\.5)?|Push)$/;

async function alexPicksAtNoon(stack: LocalStack) {
  const { call, signIn } = stackApi(stack);
  const token = await signIn('alex');
  const user = await call('/user', { token });
  const games = (await call('/api/Game/list', {
    method: 'POST',
    token,
    body: new URLSearchParams({ sportId: '33', weekId: String(week9) }),
  })) as { gameId: number; homeTeamId: number; beginning: string; homeSpread: number }[];
  const early = games.filter((game) => game.beginning === '2026-11-22T18:00:00.000Z' && game.homeSpread !== 0);
  const bets = early
    .slice(0, 3)
    .map((game, index) => ({ gameId: game.gameId, teamId: game.homeTeamId, points: [20, 10, 10][index]! }));
  const slip = { clientId: user.clientId, userId: user.id, sportId: 33, weekId: week9 };
  const noon = { ...stack.deps, clock: fixedClock('2026-11-22T17:00:00Z') };
  await runSlipCommand(noon, { slip, actorId: user.id }, { type: 'SetRegularBets', bets });
}

const demo = useScoredDemo(now, alexPicksAtNoon);

describe('live game day', () => {
  it("alex's pick cards and My Picks show each live pick's score and whether it covers now", async () => {
    const { page } = await demo.openAs('alex');
    await page.goto(`${demo.stack.url}/#/picks`);
    const badges = page.locator('.pick-card .ui-live-pick');
    await expect.poll(() => badges.count()).toBe(3);
    for (const text of await badges.allTextContents()) expect(text).toMatch(livePick);

    await page.goto(`${demo.stack.url}/#/my-picks`);
    const mine = page.locator('.my-bet .ui-live-pick');
    await expect.poll(() => mine.count()).toBe(3);
    for (const text of await mine.allTextContents()) expect(text).toMatch(livePick);
  });

  it('the leaderboard of a live week shows the Live marker, a Live column that sorts, and live cells', async () => {
    const { page } = await demo.openAs('alex');
    await page.goto(`${demo.stack.url}/#/leaderboard`);
    await page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    // The page opens on the previous week; the live one is next.
    await page.getByRole('button', { name: 'Next week' }).click();
    const table = page.getByRole('region', { name: 'Leaderboard, Week 9' });
    await table.waitFor();
    await page.locator('.leaderboard__live').getByText('Live').waitFor();
    await table.getByRole('columnheader', { name: /^Live/ }).waitFor();
    const liveCells = table.locator(
      '.is-pinned .pick--live-winning, .is-pinned .pick--live-losing, .is-pinned .pick--live-push',
    );
    await expect.poll(() => liveCells.count()).toBe(3);
    // The Live column sorts: the server ranks the page by its live index.
    const liveHeader = table.getByRole('columnheader', { name: /^Live/ });
    const ranked = page.waitForResponse((answer) => answer.url().includes('sort=live') && answer.status() === 200);
    await liveHeader.getByRole('button').click();
    await ranked;
    expect(await liveHeader.getAttribute('aria-sort')).toBe('descending');
  });

  it('the live pages fit at 1366×768 and at 390×844: nothing scrolls sideways', async () => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      const { page, context } = await demo.openAs('alex', { viewport });
      for (const path of ['/picks', '/my-picks']) {
        await page.goto(`${demo.stack.url}/#${path}`);
        await page.locator('.ui-live-pick').first().waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} at ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
      }
      await page.goto(`${demo.stack.url}/#/leaderboard`);
      await page.getByRole('button', { name: 'Next week' }).click();
      await page.locator('.leaderboard__live').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `/leaderboard at ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
      await context.close();
    }
  });
});
