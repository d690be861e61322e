// The demo's live Sunday in Chromium: alex picked three 13:00 games at noon; at the stack's clock Import Scores
// has brought their live scores (the demo feed makes them up from the clock).
import { fixedClock } from '../../../functions/adapters/clock.ts';
import { runSlipCommand } from '../../../functions/betting/slip-service.ts';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LocalStack } from '../../../infra/local/stack.ts';
import { stackApi, useScoredDemo } from './scored-demo.ts';

export const liveWeek9 = 20263309;
export const livePick = /^(Covering by \d+(\.5)?|Not covering by \d+(\.5)?|Push)$/;

async function alexPicksAtNoon(stack: LocalStack) {
  const { call, signIn } = stackApi(stack);
  const token = await signIn('alex');
  const user = await call('/user', { token });
  const games = (await call('/api/Game/list', {
    method: 'POST',
    token,
    body: new URLSearchParams({ sportId: '33', weekId: String(liveWeek9) }),
  })) as { gameId: number; homeTeamId: number; beginning: string; homeSpread: number }[];
  const early = games.filter((game) => game.beginning === '2026-11-22T18:00:00.000Z' && game.homeSpread !== 0);
  const picks = early
    .slice(0, 3)
    .map((game, index) => ({ gameId: game.gameId, teamId: game.homeTeamId, points: [20, 10, 10][index]! }));
  const slip = { clientId: user.clientId, userId: user.id, sportId: 33, weekId: liveWeek9 };
  const noon = { ...stack.deps, clock: fixedClock('2026-11-22T17:00:00Z') };
  await runSlipCommand(noon, { slip, actorId: user.id }, { type: 'SetRegularPicks', picks });
}

/** The file's stack on the demo's week 9 Sunday at `now` (after 13:00 in New York), alex's three picks live. */
export const useLiveSunday = (now: string) =>
  useScoredDemo(now, { name: "alex's three picks at noon", run: alexPicksAtNoon });

/**
 * Opens the Leaderboard on the live week (it opens on the previous one), waits for its Live marker and Live
 * column and for alex's three live cells, and answers the table and those cells.
 */
export async function openLiveLeaderboard(page: Page, url: string) {
  await page.goto(`${url}/#/leaderboard`);
  await page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Next week' }).click();
  const table = page.getByRole('region', { name: 'Leaderboard, Week 9' });
  await table.waitFor();
  await page.locator('.leaderboard__live').getByText('Live').waitFor();
  await table.getByRole('columnheader', { name: /^Live/ }).waitFor();
  const liveCells = table.locator(
    '.is-pinned .pick--live-winning, .is-pinned .pick--live-losing, .is-pinned .pick--live-push',
  );
  await expect.poll(() => liveCells.count()).toBe(3);
  return { table, liveCells };
}
