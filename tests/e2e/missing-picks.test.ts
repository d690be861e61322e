// The commissioner's Missing Picks page: the week's players without all five picks, as the API counts them, and a
// nudge that, after a confirmation, says its reminders are being sent, then, once its job has mailed them (once a
// day), what it did. A player has no such page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { MissingPicksPage } from '#domain/contracts/bets.ts';
import type { Week } from '#domain/season/weeks.ts';
import { apiToken, followNavItem, unexpectedProblems } from './support/app.ts';
import { mailsTo } from '../support/outbox.ts';
import { useBrowserStack } from './support/browser-stack.ts';

// Thursday noon in New York, week 9 (Wednesday 18 to Tuesday 24 November): most of the week's games are ahead.
const thursday = '2026-11-19T17:00:00Z';
const app = useBrowserStack(thursday);

/** The week's missing picks as the API answers them to the coach. */
async function missingFromApi(): Promise<MissingPicksPage['data']> {
  const token = await apiToken(app.stack.url, 'coach', 'pickem-demo');
  const headers = { authorization: `Bearer ${token}` };
  const weeks = await fetch(`${app.stack.url}${contracts.weekList.path}?sportId=33`, { headers });
  const weekId = ((await weeks.json()) as Week[]).find((week) => week.number === 9)!.id;
  const answer = await fetch(`${app.stack.url}${contracts.missingPicks.path}?sportId=33&weekId=${weekId}&limit=100`, {
    headers,
  });
  return ((await answer.json()) as MissingPicksPage).data;
}

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

describe('Missing Picks', () => {
  it('lists the players missing picks of the current week with their count, and nudges them once a day after a confirmation', async () => {
    const expected = await missingFromApi();
    expect(expected.length).toBeGreaterThan(1);
    const { context, page, problems } = await app.openAs('coach', { viewport: { width: 1366, height: 768 } });
    await followNavItem(page, 'Missing Picks');
    await page.getByRole('heading', { name: 'Missing Picks', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Players missing picks in Week 9' });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(expected.length);
    expect(await rows.nth(0).textContent()).toBe(`${expected[0]!.displayName}${expected[0]!.picks} of 5`);
    await page.getByText(`${expected.length} players without all five picks of Week 9.`).waitFor();

    await page.getByRole('button', { name: 'Nudge them' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nudge the players missing picks' });
    await dialog.getByRole('button', { name: 'Send reminders' }).click();
    await notice(page, 'Reminders are being sent to the players missing picks.');
    await notice(page, `Reminder mailed to ${expected.length} players.`);
    const address = `${expected[0]!.displayName.split(' ')[0]!.toLowerCase()}@demo.example.com`;
    const mails = mailsTo(app.stack.outboxDir, address).filter((mail) => mail.includes('asked us to remind you'));
    expect(mails).toHaveLength(1);

    // The same day again: nobody gets a second mail, and the notice says why.
    await page.getByRole('button', { name: 'Nudge them' }).click();
    await dialog.getByRole('button', { name: 'Send reminders' }).click();
    await notice(page, `No reminder mailed. ${expected.length} players already had one today.`);
    expect(
      mailsTo(app.stack.outboxDir, address).filter((mail) => mail.includes('asked us to remind you')),
    ).toHaveLength(1);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('fits a phone in Tokyo, and a player has neither the page nor its nav item', async () => {
    const phone = { width: 390, height: 844 };
    const { context, page } = await app.openAs('coach', { viewport: phone, timezoneId: 'Asia/Tokyo' });
    await page.goto(`${app.stack.url}/#/missing-picks`);
    await page.getByRole('table', { name: 'Players missing picks in Week 9' }).waitFor();
    // The week is the server's week 9, whatever the phone's zone, and its range is told in the sport's zone.
    await page.getByRole('button', { name: /^Week Week 9 · 11\.18 – 11\.24/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await context.close();

    const player = await app.openAs('alex');
    await player.page.getByRole('heading', { name: 'My Stats' }).waitFor();
    const nav = player.page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Missing Picks' }).count()).toBe(0);
    await player.page.goto(`${app.stack.url}/#/missing-picks`);
    await expect.poll(() => player.page.url()).toMatch(/#\/dashboard$/);
    await player.context.close();
  });
});
