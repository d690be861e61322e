// The Leaderboard page on the scored demo: the week's ranking and YTD, sorting, the picks hidden until kickoff, the
// CSV download, a phone's layout, how the pool picked, last season's final standings, and the graded-results notice.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import type { LeaderboardPage } from '#domain/contracts/leaderboard.ts';
import { slotNames as pickSlots } from '#domain/scoring/week-scores.ts';
import { expectRankedBy, type ShownRow, shownWeek, useLeaderboardDemo } from './support/leaderboard.ts';
import { stackApi } from './support/scored-demo.ts';

const { demo, openLeaderboardAs } = useLeaderboardDemo();

describe('the Leaderboard page', () => {
  it('opens on the previous week, ranked by week points; YTD adds up week by week; a missed week shows −50', async () => {
    const { context, page, problems } = await openLeaderboardAs('coach');
    const weekButton = page.getByRole('button', { name: /^Week Week \d+$/ });
    expect(await weekButton.textContent()).toBe('Week 8');
    expect(await page.getByText('11.11 – 11.17').count()).toBe(1);

    const week8 = await shownWeek(page, 8);
    expect(week8.length).toBeGreaterThan(3);
    expectRankedBy(week8, (row) => row.weekPoints);

    // YTD of week 8 = YTD of week 7 + the week's points, for the leader of week 8.
    const leader = week8[0]!;
    await page.getByRole('button', { name: 'Previous week' }).click();
    const week7 = await shownWeek(page, 7);
    expectRankedBy(week7, (row) => row.weekPoints);
    const before = week7.find((row) => row.player === leader.player);
    expect(before, `${leader.player} in week 7`).toBeDefined();
    expect(leader.ytd).toBe(before!.ytd + leader.weekPoints);

    // Some closed week has a bettor who skipped it: −50, shown as such, counted in the week points.
    let missed: ShownRow | undefined;
    for (let week = 7; week >= 1 && !missed; week -= 1) {
      if (week < 7) await page.getByRole('button', { name: 'Previous week' }).click();
      missed = (await shownWeek(page, week)).find((row) => row.missedWeek);
    }
    expect(missed, 'a week with a missed-picks penalty').toBeDefined();
    expect(missed!.weekPoints).toBe(-50);

    // The first week: no way further back.
    for (
      let guard = 0;
      guard < 8 && (await page.getByRole('button', { name: 'Previous week' }).isEnabled());
      guard += 1
    ) {
      await page.getByRole('button', { name: 'Previous week' }).click();
    }
    expect(await weekButton.textContent()).toBe('Week 1');
    expect(await page.getByRole('button', { name: 'Previous week' }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('YTD Points sorts descending first, then ascending, and the rank follows the chosen column', async () => {
    const { context, page, problems } = await openLeaderboardAs('coach');
    await shownWeek(page, 8);
    const ytdHeader = page.getByRole('columnheader', { name: 'YTD Points' });
    await ytdHeader.getByRole('button').click();
    expect(await ytdHeader.getAttribute('aria-sort')).toBe('descending');
    expectRankedBy(await shownWeek(page, 8), (row) => row.ytd);

    await ytdHeader.getByRole('button').click();
    expect(await ytdHeader.getAttribute('aria-sort')).toBe('ascending');
    const ascending = await shownWeek(page, 8);
    expectRankedBy([...ascending].reverse(), (row) => row.ytd);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("in the current week a bettor sees his own picks and only a lock for others' picks on games not started", async () => {
    const { context, page, problems } = await openLeaderboardAs('sam');
    await shownWeek(page, 8);
    await page.getByRole('button', { name: 'Next week' }).click();
    const rows = await shownWeek(page, 9);
    // What the server answers Sam for week 9, by player as the table names them ('Sam R.').
    const { call, signIn } = stackApi(demo.stack);
    const token = await signIn('sam');
    const weeks = (await call('/api/Bet/week-list?sportId=33', { token })) as { id: number; number: number }[];
    const week9 = weeks.find((week) => week.number === 9)!.id;
    const served = ((await call(`/api/Bet/balance?sportId=33&weekId=${week9}&limit=100`, { token })) as LeaderboardPage)
      .rows;
    const servedRow = (player: string) =>
      served.find((row) => `${row.firstName} ${row.lastName.slice(0, 1)}.` === player)!;
    const own = rows.find((row) => row.player === 'Sam R.')!;
    expect(own, 'Sam in week 9').toBeDefined();
    const pinned = page.locator('.leaderboard-table tbody tr.is-pinned');
    expect(await pinned.locator('.player__name').textContent()).toBe('Sam R.');
    expect(Number(await pinned.locator('td').first().textContent())).toBe(own.rank);
    expect(await own.row.getAttribute('class')).toContain('is-highlighted');
    expect(await own.row.getByText('You', { exact: true }).count()).toBe(1);
    expect(await own.row.getByRole('img', { name: 'Hidden until kickoff' }).count()).toBe(0);
    expect(await own.row.locator('.pick__team').count()).toBe(5);

    // Another player's pick shows a lock exactly where the game has not started (the server hides its team), and
    // its team once it has (the Thursday game's picks).
    let locks = 0;
    for (const other of rows) {
      if (other === own) continue;
      const cells = pickSlots.map((slot) => servedRow(other.player)[slot]);
      const hidden = cells.filter((cell) => cell.hidden).length;
      const shown = cells.filter((cell) => !cell.hidden && cell.teamId !== null).length;
      expect(await other.row.getByRole('img', { name: 'Hidden until kickoff' }).count(), other.player).toBe(hidden);
      expect(await other.row.locator('.pick__team').count(), other.player).toBe(shown);
      locks += hidden;
    }
    expect(locks).toBeGreaterThan(0);

    // The season chart: Sam's line against the top 3, named for screen readers.
    expect(await page.getByRole('img', { name: /Points per week: you against the top 3/ }).count()).toBe(1);
    expect(await page.getByText('You (Sam R.)').count()).toBe(1);
    await page.getByRole('button', { name: 'Season total' }).click();
    expect(await page.getByRole('img', { name: /Season total after each week: you against the top 3/ }).count()).toBe(
      1,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Download CSV saves the shown week as a named file, its rows in the table’s order', async () => {
    const { context, page, problems } = await openLeaderboardAs('sam');
    const rows = await shownWeek(page, 8);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('standings-demo-nfl-week-8.csv');
    const file = readFileSync((await download.path())!);
    // The UTF-8 byte order mark first, so a spreadsheet reads accented names right.
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^Rank,Player,First name,Last name,Week points,Year to date,Penalty,20-point pick/);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(' '))).toEqual(
      rows.map((row) => `${row.rank} ${row.player}`),
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a phone the bets are hidden by default and the page does not scroll sideways', async () => {
    const phone = { width: 375, height: 812 };
    const { context, page, problems } = await openLeaderboardAs('sam', phone);
    await shownWeek(page, 8);
    const hideBets = page.getByRole('switch', { name: 'Hide bets info' });
    expect(await hideBets.isChecked()).toBe(true);
    const headers = () =>
      page.getByRole('region', { name: 'Leaderboard, Week 8' }).locator('thead th').allTextContents();
    expect(await headers()).not.toContain('20pt');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // By keyboard, as the switch is a labelled checkbox.
    await hideBets.focus();
    await page.keyboard.press('Space');
    expect(await hideBets.isChecked()).toBe(false);
    expect(await headers()).toContain('20pt');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('how the pool picked', () => {
  it("under the table, each started game of the week shows the share of the pool's picks on each side, as the server counts them; the week's unstarted games are left out", async () => {
    const { context, page, problems } = await openLeaderboardAs('sam', { width: 1366, height: 768 });
    await shownWeek(page, 8);
    const { call, signIn } = stackApi(demo.stack);
    const token = await signIn('sam');
    const weeks = (await call('/api/Bet/week-list?sportId=33', { token })) as { id: number; number: number }[];
    const games = async (number: number) =>
      (await call('/api/Game/list', {
        method: 'POST',
        token,
        body: new URLSearchParams({
          sportId: '33',
          weekId: String(weeks.find((week) => week.number === number)!.id),
          limit: '100',
        }),
      })) as BetRow[];
    const week8 = await games(8);
    const card = page.getByRole('region', { name: 'How the pool picked Week 8' });
    const shown = card.locator('.pool-split__game');
    await expect.poll(() => shown.count()).toBe(week8.length);
    const first = week8[0]!;
    const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
    expect(await shown.first().textContent()).toContain(
      first.pickShare!.picks === 0
        ? 'Nobody in the pool picked this game.'
        : `${percent(first.pickShare!.home)} took ${first.homeTeamName} · ${percent(first.pickShare!.away)} took ${first.awayTeamName}`,
    );
    expect(week8.reduce((sum, game) => sum + game.pickShare!.picks, 0)).toBeGreaterThan(0);

    // Week 9 at Sunday noon: only the games already under way or over are told.
    await page.getByRole('button', { name: 'Next week' }).click();
    await shownWeek(page, 9);
    const week9 = await games(9);
    const started = week9.filter((game) => game.pickShare !== null);
    expect(started.length).toBeLessThan(week9.length);
    const card9 = page.getByRole('region', { name: 'How the pool picked Week 9' });
    if (started.length) await expect.poll(() => card9.locator('.pool-split__game').count()).toBe(started.length);
    else expect(await card9.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("last season stays readable: in Tokyo at 390 the Season selector opens 2025's final standings, graded and ranked, and My Picks that season's picks, while Picks stays on this season", async () => {
    const phone = { width: 390, height: 844 };
    const { context, page, problems } = await demo.openAs('alex', { viewport: phone, timezoneId: 'Asia/Tokyo' });
    await page.goto(`${demo.stack.url}/#/leaderboard`);
    const season = page.getByRole('button', { name: /^Season \d{4}/ });
    expect(await season.textContent()).toBe('2026 season');
    await season.click();
    expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual([
      '2026 season',
      '2025 season',
    ]);
    await page.getByRole('option', { name: '2025 season' }).click();
    await page.getByText('Final standings of the 2025 season').waitFor();
    expect(await page.getByRole('button', { name: /^Week Week \d+$/ }).textContent()).toBe('Week 18');
    // Final standings are the final balance: ranked by YTD Points, the gold 1 on the season's best.
    const week18 = await shownWeek(page, 18);
    expect(week18.length).toBeGreaterThan(5);
    expect(await page.getByRole('columnheader', { name: 'YTD Points' }).getAttribute('aria-sort')).toBe('descending');
    expectRankedBy(week18, (row) => row.ytd);
    const best = Math.max(...week18.map((row) => row.ytd));
    const golds = week18.filter((row) => row.rank === 1);
    expect(golds.map((row) => row.ytd)).toEqual(golds.map(() => best));
    for (const gold of golds) expect(await gold.row.locator('.rank--1').count(), gold.player).toBe(1);
    expect(await page.locator('.standing').textContent()).toContain('YTD rank');
    // The YTD shown is last season's sum as the server keeps it, nothing of this season's in it.
    const { call, signIn } = stackApi(demo.stack);
    const chart: { userDisplayName: string; totalSeasonBalance: number }[] = await call(
      '/api/Bet/season-points?sportId=33&seasonId=202533',
      { token: await signIn('alex') },
    );
    const leader = chart[0]!;
    const shownLeader = week18.find((row) => row.player === leader.userDisplayName);
    expect(shownLeader?.ytd).toBe(leader.totalSeasonBalance);
    expect(shownLeader?.rank).toBe(1);
    // The chart under the table is that season's whole, not this season's so far.
    await page.getByRole('region', { name: 'The 2025 season' }).waitFor();
    expect(await page.getByRole('region', { name: 'Season so far' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // My Picks follows the season chosen: that week's picks are all graded.
    await page.goto(`${demo.stack.url}/#/my-picks`);
    expect(await page.getByRole('button', { name: /^Season \d{4}/ }).textContent()).toBe('2025 season');
    const finished = page.getByRole('region', { name: 'Finished games' });
    await finished.waitFor();
    expect(await finished.locator('li').count()).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: 'Upcoming games' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // Picks is where this season's picks are placed: it stays on this season's running week.
    await page.goto(`${demo.stack.url}/#/picks`);
    await page.getByRole('heading', { name: 'Picks', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: /^Week / }).textContent()).toContain('Week 9');
    expect(await page.getByText('2025 season').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the notifications once weeks are graded', () => {
  it('the bell lists the graded results; Mark all as read clears the count; the link opens Notifications', async () => {
    const { context, page } = await demo.openAs('quinn');
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Results are in').waitFor();
    expect(await panel.getByText(/^Your graded picks this season: \d+ won, \d+ lost\./).count()).toBe(1);
    expect(await panel.getByText('(unread)').count()).toBe(1);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    expect(await panel.getByText('(unread)').count()).toBe(0);
    await panel.getByRole('link', { name: 'See all notifications' }).click();
    await page.getByRole('heading', { name: 'Notifications', level: 2, exact: true }).waitFor();
    expect(page.url()).toMatch(/#\/profile\/notifications$/);
    expect(await panel.count()).toBe(0);
    await context.close();
  });
});
