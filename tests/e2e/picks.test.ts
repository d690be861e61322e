// Issue 4 "Done when", regular picks: a bettor with no picks yet this week fills the five point
// slots, edits and cancels a pick, and meets the locks (a started game, a full slip).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BetList } from '#domain/contracts/bets.ts';
import { apiToken, unexpectedProblems } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

// Thursday noon in New York, week 9: Wednesday night's game has kicked off, Thursday night's has not.
const now = '2026-11-19T17:00:00Z';

const app = useBrowserStack(now);

const card = (page: Page, game: string) => page.getByRole('article', { name: game, exact: true });

/** The points list as shown: each value, marked × when another pick of the week holds it. */
const pointsShown = (dialog: Locator) =>
  dialog
    .getByRole('radio', { name: /^\d+$/ })
    .evaluateAll((radios) =>
      radios.map((radio) => `${radio.parentElement?.textContent}${(radio as HTMLInputElement).disabled ? '×' : ''}`),
    );

describe('Picks page', () => {
  it('places five picks using each slot, edits one, cancels one; started games and a full slip are locked', async () => {
    const { context, page, problems } = await app.openAs('jordan');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Picks', exact: true }).click();
    await page.getByRole('heading', { name: 'Picks', level: 1 }).waitFor();
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    expect(await page.getByRole('button', { name: /^Week / }).textContent()).toContain('Week 9');

    // Wednesday night's game has started: it offers no pick, only the lock message.
    const started = cards.filter({ hasText: '18 Nov' });
    expect(await started.count()).toBeGreaterThan(0);
    expect(await started.getByRole('button', { name: 'Pick Now' }).count()).toBe(0);
    expect(await started.getByText("You can't place a bet on that game").count()).toBe(await started.count());
    // A game without a line cannot be picked either: it says so.
    const noLine = cards.filter({ hasText: /Spread —/ });
    expect(await noLine.count()).toBeGreaterThan(0);
    expect(await noLine.getByRole('button', { name: 'No Spread For The Game', exact: true }).count()).toBe(
      await noLine.count(),
    );

    const open = cards.filter({ has: page.getByRole('button', { name: 'Pick Now' }) });
    const games = (await open.locator('h3').allTextContents()).slice(0, 5);
    expect(games).toHaveLength(5);

    // The first pick: Place Bet waits for a team and points, Discard Changes starts over.
    await card(page, games[0]!).getByRole('button', { name: 'Pick Now' }).click();
    let dialog = page.getByRole('dialog', { name: games[0] });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    const placeBet = dialog.getByRole('button', { name: 'Place Bet' });
    expect(await placeBet.isDisabled()).toBe(true);
    expect(await dialog.getByRole('radio', { name: /^\d+$/ }).count()).toBe(0);
    await dialog.getByRole('radio', { name: /^Visitor / }).check();
    expect(await pointsShown(dialog)).toEqual(['20', '10', '10', '5', '5']);
    expect(await placeBet.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: '20', exact: true }).check();
    expect(await placeBet.isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Discard Changes' }).click();
    expect(await placeBet.isDisabled()).toBe(true);
    // A press outside closes the panel and gives the page its scroll back.
    await page.mouse.click(8, 890);
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    const slots = ['20', '10', '10', '5', '5'];
    const taken = [[], ['20'], ['20', '10'], ['20', '10', '10'], ['20', '10', '10', '5']];
    for (const [index, points] of slots.entries()) {
      await card(page, games[index]!).getByRole('button', { name: 'Pick Now' }).click();
      dialog = page.getByRole('dialog', { name: games[index] });
      await dialog.getByRole('radio', { name: /^Visitor / }).check();
      // Values held by the earlier picks of the week cannot be chosen again.
      const expected = slots.map((value, slot) => (slot < taken[index]!.length ? `${value}×` : value));
      expect(await pointsShown(dialog)).toEqual(expected);
      await dialog.getByRole('radio', { name: points, exact: true, disabled: false }).first().check();
      await dialog.getByRole('button', { name: 'Place Bet' }).click();
      await dialog.waitFor({ state: 'detached' });
      const placed = card(page, games[index]!);
      await placed.getByRole('button', { name: 'Edit' }).waitFor();
      expect(await placed.getByRole('button', { name: 'Cancel Bet' }).count()).toBe(1);
      expect(await placed.textContent()).toContain(`${points} pts`);
    }

    // Five picks fill the slip: every other open game says so, and the week earn shows 0.
    expect(await page.getByRole('button', { name: 'Pick Now' }).count()).toBe(0);
    const full = page.getByRole('button', { name: 'No Points Remaining' });
    expect(await full.count()).toBeGreaterThan(0);
    expect(await full.evaluateAll((buttons) => buttons.every((button) => (button as HTMLButtonElement).disabled))).toBe(
      true,
    );
    expect(await page.getByRole('status').filter({ hasText: 'Your week earn' }).textContent()).toBe('Your week earn0');
    // A game without a line still says that, not that the slip is full.
    expect(await noLine.getByRole('button', { name: 'No Spread For The Game', exact: true }).count()).toBe(
      await noLine.count(),
    );
    expect(await noLine.getByRole('button', { name: 'No Points Remaining' }).count()).toBe(0);

    // Edit prefills the pick; switching to the home team keeps the 20 points.
    const edited = card(page, games[0]!);
    await edited.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: games[0] });
    expect(await dialog.getByRole('radio', { name: /^Visitor / }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: '20', exact: true }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: /^Home / }).check();
    await dialog.getByRole('button', { name: 'Place Bet' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => edited.getByRole('listitem').filter({ hasText: 'Your pick' }).textContent())
      .toMatch(/^HomeYour pick/);

    // Cancel Bet asks first: a mis-tap kept changes nothing; confirmed, it frees its slot: only that 5 can be chosen again.
    const cancelled = card(page, games[4]!);
    await cancelled.getByRole('button', { name: 'Cancel Bet' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this pick?' });
    expect(await confirm.textContent()).toContain('5-point pick');
    await confirm.getByRole('button', { name: 'Keep Pick' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await cancelled.getByRole('button', { name: 'Cancel Bet' }).count()).toBe(1);
    await cancelled.getByRole('button', { name: 'Cancel Bet' }).click();
    await confirm.getByRole('button', { name: 'Cancel Bet' }).click();
    await cancelled.getByRole('button', { name: 'Pick Now' }).waitFor();
    await page.getByText('Bet cancelled.').waitFor();
    expect(await page.getByRole('button', { name: 'No Points Remaining' }).count()).toBe(0);
    await cancelled.getByRole('button', { name: 'Pick Now' }).click();
    dialog = page.getByRole('dialog', { name: games[4] });
    await dialog.getByRole('radio', { name: /^Home / }).check();
    expect(await pointsShown(dialog)).toEqual(['20×', '10×', '10×', '5×', '5']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // What the page shows is what the server keeps.
    await page.reload();
    await cards.first().waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(4);
    expect(await card(page, games[0]!).getByRole('listitem').filter({ hasText: 'Your pick' }).textContent()).toMatch(
      /^HomeYour pick/,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('filters by team, kept per sport; collapses the days; works from the keyboard', async () => {
    const { context, page, problems } = await app.openAs('jordan');
    await page.goto(`${app.stack.url}/#/picks`);
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    const allGames = await cards.count();

    const team = page.getByRole('button', { name: /^Team / });
    await team.click();
    await page.getByRole('combobox', { name: /^Team/ }).fill('bills');
    expect(await page.getByRole('option').allTextContents()).toEqual(['Buffalo Bills']);
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain('Buffalo Bills');
    // The other sport has its own filter; coming back finds this one.
    const sports = page.getByRole('navigation', { name: 'Sports' });
    await sports.getByRole('button', { name: 'NBA' }).click();
    await expect.poll(() => team.textContent()).toBe('Select Team');
    await sports.getByRole('button', { name: 'NFL' }).click();
    await expect.poll(() => team.textContent()).toBe('Buffalo Bills');
    await expect.poll(() => cards.count()).toBe(1);
    await team.click();
    await page.getByRole('option', { name: 'Show all teams' }).click();
    await expect.poll(() => cards.count()).toBe(allGames);

    // The days by keyboard: Space on the switch collapses them all, Enter on a day opens it again.
    const collapseAll = page.getByRole('switch', { name: 'Collapse all' });
    const days = page.getByRole('button', { expanded: true }).filter({ hasText: /\d+ November/ });
    const dayCount = await days.count();
    await collapseAll.focus();
    await page.keyboard.press('Space');
    expect(await page.locator('article:visible').count()).toBe(0);
    expect(
      await page
        .getByRole('button', { expanded: false })
        .filter({ hasText: /\d+ November/ })
        .count(),
    ).toBe(dayCount);
    await page.getByRole('button', { name: /^Sunday 22 November/ }).focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('article:visible').count()).toBeGreaterThan(0);
    expect(await collapseAll.isChecked()).toBe(false);
    await collapseAll.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Space');
    expect(await page.locator('article:visible').count()).toBe(allGames);

    // Keyboard: Escape closes the panel and focus goes back to the card; after Cancel Bet and its confirmation,
    // focus lands on the card's remaining action.
    const pickedGame = (await cards
      .filter({ has: page.getByRole('button', { name: 'Cancel Bet' }) })
      .first()
      .locator('h3')
      .textContent())!;
    const picked = card(page, pickedGame);
    const cancel = picked.getByRole('button', { name: 'Cancel Bet' });
    await picked.getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit');
    await cancel.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Cancel this pick?' }).getByRole('button', { name: 'Cancel Bet' }).focus();
    await page.keyboard.press('Enter');
    await picked.getByRole('button', { name: 'Pick Now' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Pick NowPick');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a pick the server refuses shows its reason in the panel, keeps it open and reloads the slip', async () => {
    const { context, page, problems } = await app.openAs('jordan');
    await page.goto(`${app.stack.url}/#/picks`);
    const open = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Pick Now' }) });
    await open.first().waitFor();
    const game = (await open.first().locator('h3').textContent())!;
    // As if the line moved after the page loaded: the request carries a line the server no longer offers.
    await page.route(
      '**/Services/api/Bet/set-bets',
      async (route) => {
        const body = route.request().postDataJSON() as { bets: { pointSpread: number }[] };
        body.bets.at(-1)!.pointSpread += 0.5;
        await route.continue({ postData: JSON.stringify(body) });
      },
      { times: 1 },
    );
    await card(page, game).getByRole('button', { name: 'Pick Now' }).click();
    const dialog = page.getByRole('dialog', { name: game });
    await dialog.getByRole('radio', { name: /^Home / }).check();
    await dialog.getByRole('radio', { name: /^\d+$/, disabled: false }).first().check();
    const reloaded = page.waitForRequest(
      (request) => request.url().endsWith('/api/Bet/list') && request.method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Place Bet' }).click();
    // In the panel: a notice would be under it on a phone.
    await dialog
      .getByRole('alert')
      .filter({ hasText: /The spread for this game has changed to/ })
      .waitFor();
    await reloaded;
    expect(await dialog.isVisible()).toBe(true);
    // The player sees the line and places the pick again; this time it goes through.
    await dialog.getByRole('button', { name: 'Place Bet' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(page, game).getByRole('button', { name: 'Edit' }).waitFor();
    expect(unexpectedProblems(problems, 409)).toEqual([]);
    await context.close();
  });

  it('a pick made on another device since the page loaded is never cancelled: the save is refused, the page shows it, and the next save keeps both', async () => {
    const { context, page, problems } = await app.openAs('morgan');
    await page.goto(`${app.stack.url}/#/picks`);
    const open = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Pick Now' }) });
    await open.nth(1).waitFor();
    const [elsewhere, here] = (await open.locator('h3').allTextContents()) as [string, string];
    // Morgan's phone (no pick yet this week): the week's list read, and a pick on the first open game, as the app sends it.
    const token = await apiToken(app.stack.url, 'morgan', 'pickem-demo');
    const post = (path: string, body: object) =>
      fetch(`${app.stack.url}/Services/api/Bet/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((answer) => answer.json() as Promise<BetList>);
    const slip = await post('list', { sportId: 33 });
    expect(slip.data.filter((row) => row.id !== null)).toEqual([]);
    const game = slip.data.find((row) => `${row.awayTeamName} at ${row.homeTeamName}` === elsewhere)!;
    const bet = { gameId: game.gameId, teamId: game.homeTeamId, points: 20, pointSpread: game.homeSpread };
    const phone = await post('set-bets', {
      sportId: 33,
      weekId: slip.week.id,
      slipVersion: slip.slipVersion,
      bets: [bet],
    });
    expect(phone.slipVersion).toBe(slip.slipVersion + 1);

    // The page, read before, still offers that game; a pick on another is refused rather than cancelling the phone's.
    await card(page, here).getByRole('button', { name: 'Pick Now' }).click();
    const dialog = page.getByRole('dialog', { name: here });
    await dialog.getByRole('radio', { name: /^Home / }).check();
    await dialog.getByRole('radio', { name: /^\d+$/, disabled: false }).last().check();
    await dialog.getByRole('button', { name: 'Place Bet' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Your picks were changed since this page showed them' })
      .waitFor();
    await card(page, elsewhere).getByRole('button', { name: 'Edit' }).waitFor();
    await dialog.getByRole('button', { name: 'Place Bet' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(page, here).getByRole('button', { name: 'Edit' }).waitFor();
    expect(await card(page, elsewhere).getByRole('button', { name: 'Edit' }).count()).toBe(1);
    expect(unexpectedProblems(problems, 409)).toEqual([]);
    await context.close();
  });
});
