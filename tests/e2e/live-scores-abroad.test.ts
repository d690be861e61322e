// The live Sunday from a browser abroad (docs/rules.md, Formats): at 14:00 in New York it is already Monday 04:00 in
// Tokyo and still Sunday 11:00 in Los Angeles, yet every live page shows New York's week 9, its games under
// Sunday 22 November at 13:00, and the live scores, clocks and badges the API answers.
import { describe, expect, it } from 'vitest';
import { dayInNewYork, kickoffInNewYork, kickoffsShown } from './support/clock-across-pages.ts';
import { livePick, liveWeek9, openLiveLeaderboard, useLiveSunday } from './support/live-sunday.ts';
import { stackApi } from './support/scored-demo.ts';

const demo = useLiveSunday('2026-11-22T19:00:00Z');

interface PickRow {
  id: number | null;
  beginning: string;
  homeTeamName: string;
  awayTeamName: string;
  homeTeamScore: number | null;
  awayTeamScore: number | null;
  gameClock?: string;
  liveResult?: 'winning' | 'losing' | 'push';
}

const badgeWord = { winning: 'Covering by', losing: 'Not covering by', push: 'Push' };

/** Alex's picks of week 9 as the API answers them now. */
async function alexPicks() {
  const { call, signIn } = stackApi(demo.stack);
  const token = await signIn('alex');
  const body = new URLSearchParams({ sportId: '33', weekId: String(liveWeek9) });
  const answer = (await call('/api/Bet/list', { method: 'POST', token, body })) as { data: PickRow[] };
  return answer.data.filter((row) => row.id !== null);
}

describe.each(['Asia/Tokyo', 'America/Los_Angeles'])('the live Sunday in a browser in %s', (browserZone) => {
  it("Picks and My Picks show week 9, each live pick's score, clock and badge, at its New York day and kickoff", async () => {
    const picks = await alexPicks();
    expect(picks).toHaveLength(3);
    for (const pick of picks) expect(pick.liveResult, pick.awayTeamName).toBeDefined();
    const { context, page } = await demo.openAs('alex', { timezoneId: browserZone });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);

    await page.goto(`${demo.stack.url}/#/picks`);
    await page.getByRole('button', { name: /^Week Week 9 · 11\.18 – 11\.24/ }).waitFor();
    const cards = [];
    for (const pick of picks) {
      const card = page.getByRole('article', { name: `${pick.awayTeamName} at ${pick.homeTeamName}` });
      await card.locator('.ui-live-pick').waitFor();
      const badge = (await card.locator('.ui-live-pick').textContent())!;
      expect(badge).toMatch(livePick);
      cards.push({
        scores: await card.locator('.pick-card__score').allTextContents(),
        clock: await card.locator('.pick-card__clock').textContent(),
        badge: badge.replace(/ \d+(\.5)?$/, ''),
      });
      expect(await card.locator('time').textContent()).toBe(kickoffInNewYork(pick.beginning));
      const dayHeading = card.locator('xpath=ancestor::section[1]').locator('h2 button span:nth-child(2)');
      expect(await dayHeading.textContent()).toBe(dayInNewYork(pick.beginning));
    }
    // The cards show the API's live numbers as read before or after them (Live Scores runs every minute meanwhile).
    const asAnswered = (rows: PickRow[]) =>
      rows.map((pick) => ({
        scores: [String(pick.homeTeamScore), String(pick.awayTeamScore)],
        clock: pick.gameClock,
        badge: badgeWord[pick.liveResult!],
      }));
    expect([asAnswered(picks), asAnswered(await alexPicks())]).toContainEqual(cards);
    expect(dayInNewYork(picks[0]!.beginning)).toBe('Sunday 22 November');

    await page.goto(`${demo.stack.url}/#/my-picks`);
    await page.getByRole('button', { name: /^Week Week 9 · 11\.18 – 11\.24/ }).waitFor();
    const badges = page.locator('.my-bet .ui-live-pick');
    await expect.poll(() => badges.count()).toBe(3);
    for (const text of await badges.allTextContents()) expect(text).toMatch(livePick);
    const shown = await kickoffsShown(page);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    for (const [instant, text] of shown) expect(text, instant).toBe(kickoffInNewYork(instant));
    await context.close();
  });

  it("the dashboard's My Picks block shows last week (8) in New York time, and the leaderboard's live week 9 tells Sunday", async () => {
    const { context, page } = await demo.openAs('alex', { timezoneId: browserZone });
    await page.getByRole('list', { name: 'My picks in Week 8' }).waitFor();
    const dashboard = await kickoffsShown(page, '.my-picks-preview');
    expect(dashboard.length).toBeGreaterThan(0);
    for (const [instant, text] of dashboard) expect(text, instant).toBe(kickoffInNewYork(instant));

    const { liveCells } = await openLiveLeaderboard(page, demo.stack.url);
    // Each live pick's cell names its New York weekday: Sunday, not Tokyo's Monday nor anything else.
    for (const text of await liveCells.allTextContents()) {
      expect(text).toContain('Sun');
      expect(text).not.toContain('Mon');
    }
    await context.close();
  });
});
