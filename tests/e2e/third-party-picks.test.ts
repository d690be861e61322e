// Issue 4 "Done when", third-party picks: the company admin picks for a bettor, and the bettor's
// My Picks history says who placed it.
import { describe, expect, it } from 'vitest';
import { useBrowserStack } from './support/browser-stack.ts';
import { stackApi } from './support/scored-demo.ts';

// Thursday noon in New York, week 9; alex has no picks yet this week.
const now = '2026-11-19T17:00:00Z';

const app = useBrowserStack(now);

describe('Third Party Picks', () => {
  it('coach places a pick for alex; alex sees it in My Picks, its history saying it was placed by Chris C.', async () => {
    const coach = await app.openAs('coach');
    await coach.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Third Party Picks' }).click();
    await coach.page.getByRole('heading', { name: 'Third Party Picks', level: 1 }).waitFor();
    await coach.page.getByText('Select user to place a bet').waitFor();
    expect(await coach.page.getByRole('article').count()).toBe(0);

    // The searchable selector by keyboard: type to filter, Enter chooses.
    await coach.page.getByRole('button', { name: /Select user/ }).click();
    await coach.page.getByRole('combobox', { name: /Player/ }).fill('alex');
    expect(await coach.page.getByRole('option').allTextContents()).toEqual(['Alex C. (alex)']);
    await coach.page.keyboard.press('Enter');
    await coach.page.getByText('Placing picks on behalf of Alex C.').waitFor();
    expect(await coach.page.getByText('Select user to place a bet').count()).toBe(0);

    const open = coach.page.getByRole('article').filter({ has: coach.page.getByRole('button', { name: 'Pick Now' }) });
    await open.first().waitFor();
    const game = (await open.first().locator('h3').textContent())!;
    // Each card's buttons name their game, so a screen reader's list of buttons tells them apart.
    await coach.page.getByRole('button', { name: `Pick Now ${game}`, exact: true }).click();
    const dialog = coach.page.getByRole('dialog', { name: game });
    await dialog.getByRole('radio', { name: /^Home / }).check();
    await dialog.getByRole('radio', { name: '20', exact: true }).check();
    await dialog.getByRole('button', { name: 'Place Bet' }).click();
    await dialog.waitFor({ state: 'detached' });
    await coach.page.getByRole('button', { name: `Edit ${game}`, exact: true }).waitFor();
    expect(await coach.page.getByRole('button', { name: 'Edit' }).count()).toBe(1);
    // The picked team says whose pick it is: Alex's, not the coach's own.
    const picked = coach.page.getByRole('article', { name: game }).getByRole('listitem');
    expect(await picked.filter({ hasText: "Alex C.'s pick" }).textContent()).toMatch(/^HomeAlex C\.'s pick/);
    expect(await coach.page.getByText('Your pick').count()).toBe(0);
    // Cancel Bet asks about Alex's pick, not the coach's own; kept, it stays.
    await coach.page.getByRole('button', { name: `Cancel Bet ${game}`, exact: true }).click();
    const asked = coach.page.getByRole('dialog', { name: 'Cancel this pick?' });
    expect(await asked.getByText(/point pick on/).textContent()).toMatch(
      /^Alex C\.'s 20-point pick on .+ is removed\. You can pick this game again for them until it starts\.$/,
    );
    await asked.getByRole('button', { name: 'Keep Pick' }).click();
    await asked.waitFor({ state: 'detached' });
    await coach.page.getByRole('button', { name: `Cancel Bet ${game}`, exact: true }).waitFor();
    // His own Picks page shows his own slip: the five picks the demo placed for him as the week opened, those on
    // games not started yet editable.
    const { call, signIn } = stackApi(app.stack);
    const slip = (await call('/api/Bet/list', {
      method: 'POST',
      token: await signIn('coach'),
      body: new URLSearchParams({ sportId: '33' }),
    })) as { data: { id: string | null; beginning: string }[] };
    const placed = slip.data.filter((row) => row.id !== null);
    expect(placed).toHaveLength(5);
    const editable = placed.filter((row) => Date.parse(row.beginning) > Date.parse(now)).length;
    await coach.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Picks', exact: true })
      .click();
    await coach.page.getByRole('heading', { name: 'Picks', level: 1 }).waitFor();
    await coach.page.getByRole('button', { name: 'No Points Remaining' }).first().waitFor();
    expect(await coach.page.getByRole('button', { name: 'Edit' }).count()).toBe(editable);
    expect(coach.problems).toEqual([]);
    await coach.context.close();

    const alex = await app.openAs('alex');
    await alex.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Picks' }).click();
    await alex.page.getByRole('heading', { name: 'My Picks', level: 1 }).waitFor();
    const upcoming = alex.page.getByRole('region', { name: 'Upcoming games' });
    await upcoming.getByRole('listitem').first().waitFor();
    expect(await upcoming.getByRole('listitem').count()).toBe(1);
    const [home] = game.split(' at ').reverse();
    expect(await upcoming.getByRole('listitem').textContent()).toContain(home);
    expect(await alex.page.getByRole('region', { name: 'Finished games' }).getByRole('listitem').count()).toBe(0);

    await alex.page.getByRole('button', { name: 'History' }).click();
    const history = alex.page.getByRole('dialog', { name: /^History/ });
    const entry = history.getByRole('listitem');
    await entry.first().waitFor();
    expect(await entry.count()).toBe(1);
    expect(await entry.textContent()).toContain(`Placed ${home} · 20 pts`);
    expect(await entry.textContent()).toContain('by Chris C.');
    expect(alex.problems).toEqual([]);
    await alex.context.close();
  });
});
