// What the Leaderboard tests share: the scored demo at Sunday noon of week 9, the Leaderboard page opened as a
// player, and a week's table read as shown.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { useScoredDemo } from './scored-demo.ts';

// Sunday noon in New York, week 9 of the demo season: weeks 1–8 are over; Sunday-afternoon, Monday
// and Tuesday games have not started.
const now = '2026-11-22T17:00:00Z';
const minus = '\u2212';

/** One scored demo for the test file at `now`, and the Leaderboard opened on it. */
export function useLeaderboardDemo() {
  const demo = useScoredDemo(now);

  async function openLeaderboardAs(login: string, viewport?: { width: number; height: number }) {
    const opened = await demo.openAs(login, { viewport });
    await opened.page.goto(`${demo.stack.url}/#/leaderboard`);
    await opened.page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    return opened;
  }
  return { demo, openLeaderboardAs };
}

const points = (text: string) => Number.parseInt(text.replace(minus, '-'), 10);

export interface ShownRow {
  rank: number;
  player: string;
  weekPoints: number;
  ytd: number;
  missedWeek: boolean;
  row: ReturnType<Page['locator']>;
}

/** The leaderboard table of a week as shown, top to bottom. */
export async function shownWeek(page: Page, week: number): Promise<ShownRow[]> {
  const table = page.getByRole('region', { name: `Leaderboard, Week ${week}` });
  await table.waitFor();
  await page.locator('.leaderboard__results[aria-busy="false"]').waitFor();
  const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
  const column = (name: string) => headers.indexOf(name);
  // The caller's own row is pinned above the ranked rows, a row's opened picks are a row under it, and a long table
  // holds the room of the rows out of the DOM in spacer rows: these are the ranked ones.
  const rows = await table.locator('tbody tr:not(.is-pinned, .standings__picks-row, .ui-table__spacer)').all();
  return Promise.all(
    rows.map(async (row) => {
      const cells = await row.locator('td').allTextContents();
      return {
        rank: Number(cells[column('Rank')]),
        player: (await row.locator('.player__name').textContent()) ?? '',
        weekPoints: points(cells[column('Week Points')] ?? ''),
        ytd: points(cells[column('YTD Points')] ?? ''),
        missedWeek: cells[column('Player')]?.includes(`Missed week ${minus}50`) ?? false,
        row,
      };
    }),
  );
}

/** Highest first, ties share a rank (1, 2, 2, 4) (docs/rules.md, Ranking). */
export function expectRankedBy(rows: readonly ShownRow[], value: (row: ShownRow) => number) {
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    if (previous) expect(value(previous)).toBeGreaterThanOrEqual(value(row));
    expect(row.rank, row.player).toBe(1 + rows.filter((other) => value(other) > value(row)).length);
  });
}
