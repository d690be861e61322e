// Issues 14 and 22 in the browser: on the season's last day the system administrator, whose sidebar lists every
// active sport, sets a manual line at an affiliate on the Spreads page (affiliate and week, no client; highlighted as
// manual), resets it and sets it again, and sets the last-day bonus start for the first client playing the sport; a
// player of each client on that affiliate sees the manual line, and after the start the last day takes a bonus pick.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoDomain, systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { findUserByLogin } from '../../functions/store/account-claims.ts';
import { listAffiliates } from '../../functions/store/catalogue.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { apiToken, followNavItem, tenantUrl } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

// An 18-round season from Wednesday 23 September 2026: its last week runs to Tuesday 26 January 2027, 23:59 in
// New York. The clock stands at noon on that last day, before its evening game.
const now = '2027-01-26T17:00:00Z';
const nflId = 33;
const monday = 6;

/** Given: the demo client plays NFL on Tuesdays as a regular day, so its last day is not already a bonus day. */
async function givenTuesdayIsRegular(stack: LocalStack) {
  const demo = (await findClientByDomain(stack.deps, demoDomain))!;
  const headers = {
    Authorization: `Bearer ${await apiToken(stack.url, 'admin', 'pickem-admin', tenantUrl(stack.url, systemDomain))}`,
  };
  const sports = (await (
    await fetch(`${stack.url}/Services/api/Client/sport-list?clientId=${demo.id}`, { headers })
  ).json()) as { id: number; sportId: number; affiliateId: number }[];
  const nfl = sports.find((sport) => sport.sportId === nflId)!;
  demoAffiliateId = nfl.affiliateId;
  const edited = await fetch(`${stack.url}/Services/api/Client/edit-sport`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({
      id: String(nfl.id),
      allowTuesdayPicks: 'true',
      firstBonusGameDay: String(monday),
      secondBonusGameDay: String(monday),
    }),
  });
  expect(edited.status).toBe(200);
}

let demoAffiliateId: number;
const app = useBrowserStack(now, { given: givenTuesdayIsRegular, settings: { DEMO_SEASON_START: '2026-09-23' } });

/** A notice of the page; its text follows a visually hidden 'Success:'. */
const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first();

async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`^${label} `) })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Spreads and the last-day bonus', () => {
  it('the system administrator’s manual line at an affiliate is highlighted, reset and set again and reaches a player of each client on it; the last-day bonus start opens a bonus pick', async () => {
    const system = (await findClientByDomain(app.stack.deps, systemDomain))!;
    const admin = (await findUserByLogin(app.stack.deps, system.id, 'admin'))!;
    const affiliates = await listAffiliates(app.stack.deps, nflId);
    const demoAffiliate = affiliates.find((affiliate) => affiliate.id === demoAffiliateId)!;
    const otherAffiliate = affiliates.find((affiliate) => affiliate.id !== demoAffiliateId)!;
    const { context, page, problems } = await app.openAs('admin', {
      password: 'pickem-admin',
      url: tenantUrl(app.stack.url, systemDomain),
    });

    // The system client plays no sport; its administrator looks after every active one.
    const sports = page.getByRole('navigation', { name: 'Sports' });
    await sports.getByRole('button', { name: 'NBA' }).waitFor();
    await sports.getByRole('button', { name: 'NFL' }).click();
    await followNavItem(page, 'Management');
    await page.getByRole('link', { name: 'Spreads' }).click();
    await page.getByRole('heading', { name: 'Spreads', level: 1 }).waitFor();
    // Its days and kickoffs are the sport's, said once under the title.
    await page.getByRole('main').getByText('Times in New York time (ET)').waitFor();
    // The spec's filters: the affiliate and the week; the sport is the sidebar's, and no client is chosen.
    await page.getByText('Select the affiliate').waitFor();
    expect(
      await page
        .getByRole('main')
        .getByRole('button', { name: /^(Client|Sport) / })
        .count(),
    ).toBe(0);
    await choose(page, 'Affiliate', demoAffiliate.name);
    await notice(page, 'Affiliate has been changed').waitFor();

    // Tuesday's evening game has not started: its line may change.
    const tuesday = page.getByRole('region', { name: 'Tuesday 26 January' });
    const row = tuesday.getByRole('row').nth(1);
    await row.waitFor();
    const game = (await row.getByRole('cell').nth(1).textContent())!;
    const [away, home] = game.split(' @ ') as [string, string];

    await row.getByRole('button', { name: `Edit ${game}` }).click();
    const line = page.getByRole('textbox', { name: `Home line of ${game}` });
    await line.fill('0.3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A line must be above 0.5 or below \u22120.5').waitFor();
    await line.fill('-3.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Changes Saved').waitFor();
    // The form is gone with the focus in it: focus is back on the game's Edit, where a keyboard user left off.
    const edit = row.getByRole('button', { name: `Edit ${game}` });
    await expect.poll(() => edit.evaluate((button) => button === document.activeElement)).toBe(true);
    await row.getByText('Manual', { exact: true }).waitFor();
    expect(await row.getAttribute('class')).toContain('spread-row--manual');
    expect(await row.getByRole('cell').nth(2).textContent()).toContain('\u22123.5');

    await row.getByRole('button', { name: `Reset ${game}` }).click();
    await expect.poll(() => row.getByText('Manual', { exact: true }).count()).toBe(0);
    expect((await row.getAttribute('class')) ?? '').not.toContain('spread-row--manual');

    // Set again with a comma: this is the line the players get.
    await row.getByRole('button', { name: `Edit ${game}` }).click();
    await line.fill('4,5');
    await page.getByRole('button', { name: 'Save' }).click();
    await row.getByText('Manual', { exact: true }).waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toContain('+4.5');

    await row.getByRole('button', { name: `History ${game}` }).click();
    const history = page.getByRole('dialog', { name: `Line history: ${game}` });
    await history.getByRole('cell', { name: 'Reset to the affiliate' }).waitFor();
    expect(await history.getByRole('row').filter({ hasText: 'Manual line' }).count()).toBe(2);
    expect(await history.getByRole('row').filter({ hasText: admin.displayName }).count()).toBe(3);
    await history.getByRole('button', { name: 'Close' }).last().click();

    // The line is this affiliate's: another affiliate's lines carry none; coming back shows it again.
    await choose(page, 'Affiliate', otherAffiliate.name);
    await notice(page, 'Affiliate has been changed').waitFor();
    await expect.poll(() => row.getByText('Manual', { exact: true }).count()).toBe(0);
    await choose(page, 'Affiliate', demoAffiliate.name);
    await row.getByText('Manual', { exact: true }).waitFor();

    // The last-day bonus start, for the demo client: 9:00 AM today, three hours ago.
    await followNavItem(page, 'Games & Odds');
    await page.getByRole('heading', { name: 'Games & Odds', level: 1 }).waitFor();
    // The sidebar's sport, and the first client that plays it: never the system client, which plays none.
    await page.getByRole('main').getByRole('button', { name: 'Sport to import NFL' }).waitFor();
    const bonus = page.getByRole('main').locator('.import-card').filter({ hasText: 'Last Day Bonus Games' });
    await bonus.getByRole('button', { name: 'Client Demo' }).click();
    const clients = await page.getByRole('option').allTextContents();
    expect(clients).toContain('Rival League');
    expect(clients).not.toContain('System');
    await page.keyboard.press('Escape');
    await bonus.getByText('No start is set.').waitFor();
    await bonus.getByRole('button', { name: 'Last Day Bonus Games' }).click();
    const dialog = page.getByRole('dialog', { name: 'Last Day Bonus Games: NFL' });
    await dialog.getByText('Times in New York time (ET)').waitFor();
    await dialog.getByRole('button', { name: 'Set' }).click();
    await dialog.getByText('Hours are required').waitFor();
    await dialog.getByRole('button', { name: /^Hours / }).click();
    await page.getByRole('option', { name: '09', exact: true }).click();
    await dialog.getByRole('button', { name: /^Minutes / }).click();
    await page.getByRole('option', { name: '00', exact: true }).click();
    await dialog.getByRole('button', { name: /^AM\/PM / }).click();
    await page.getByRole('option', { name: 'AM', exact: true }).click();
    await dialog.getByRole('button', { name: 'Set' }).click();
    await notice(page, 'last-day bonus date set successfully').waitFor();
    await bonus.getByText('Bonus games start: Tue 26 January 2027, 09:00 AM.').waitFor();
    expect(problems).toEqual([]);
    await context.close();

    await app.stack.settled();
    const player = await app.openAs('alex');
    await player.page.goto(`${app.stack.url}/#/picks`);
    await player.page.getByRole('heading', { name: 'Picks', level: 1 }).waitFor();
    // Past the start + 10 minutes the last day counts as a bonus day: its games are the bonus games.
    await player.page.getByRole('button', { name: 'Bonus Games' }).click();
    await player.page.getByText('Welcome to Bonus Game!').waitFor();
    const card = player.page.getByRole('article', { name: `${away} at ${home}`, exact: true });
    await card.waitFor();
    expect(await card.textContent()).toContain('Spread +4.5');
    await card.getByRole('button', { name: 'Pick Now' }).click();
    const pick = player.page.getByRole('dialog', { name: `${away} at ${home}` });
    await pick.getByRole('radio', { name: /^Home / }).check();
    await pick.getByRole('button', { name: 'Place Bet' }).click();
    await pick.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await card.textContent()).toContain('Bonus · 10 pts');
    expect(player.problems).toEqual([]);
    await player.context.close();

    // Rival League plays NFL at the same affiliate: its players get the same line (Tuesday is one of its bonus days).
    const rival = await app.openAs('jules', { url: tenantUrl(app.stack.url, 'rival') });
    await rival.page.goto(`${tenantUrl(app.stack.url, 'rival')}/#/picks`);
    await rival.page.getByRole('heading', { name: 'Picks', level: 1 }).waitFor();
    await rival.page.getByRole('button', { name: 'Bonus Games' }).click();
    const rivalCard = rival.page.getByRole('article', { name: `${away} at ${home}`, exact: true });
    await rivalCard.waitFor();
    expect(await rivalCard.textContent()).toContain('Spread +4.5');
    expect(rival.problems).toEqual([]);
    await rival.context.close();
  });
});
