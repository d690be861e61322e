import { describe, expect, it } from 'vitest';
import { rulesStorageKey, signIn } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack();

const rules = [
  'The betting week runs Wednesday through Sunday.',
  'Bonus games are picked from Monday and Tuesday games.',
  "The bonus bet is at least 10 points and at most 10 plus the week's lead. If the weekly total is negative the minimum is still 10.",
  'On the last day of the season a specific start time is designated for bonus games.',
  'Failing to make picks costs -50 points.',
];

describe('the Rules Description', () => {
  it('opens by itself 5 s after sign-in and again next time, unless the user ticked Don’t show again', async () => {
    // The page's clock moves only when the test moves it, so the 5 s are the app's whatever the machine's load.
    const run = async (login: string, tick: boolean) => {
      const { context, page, problems } = await app.newPage({ hideRules: false });
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await signIn(page, app.stack.url, login, 'pickem-demo');
      const dialog = page.getByRole('dialog', { name: 'Rules Description' });

      await page.clock.runFor(4500);
      expect(await dialog.count()).toBe(0);
      await page.clock.runFor(500);
      await dialog.waitFor();
      expect(await dialog.getByRole('listitem').allTextContents()).toEqual(rules);
      if (tick) await dialog.getByLabel("Don't show again").check();
      await dialog.getByRole('button', { name: 'Understood' }).click();
      expect(await dialog.count()).toBe(0);
      expect(await page.evaluate((key) => localStorage.getItem(key), rulesStorageKey)).toBe(tick ? '1.0' : null);

      await page.getByRole('button', { name: 'Log Out' }).click();
      await signIn(page, app.stack.url, login, 'pickem-demo');
      if (tick) {
        await page.clock.runFor(6000);
        expect(await dialog.count()).toBe(0);
      } else {
        await page.clock.runFor(5000);
        await dialog.waitFor();
      }
      expect(problems).toEqual([]);
      await context.close();
    };
    await Promise.all([run('morgan', true), run('jamie', false)]);
  });

  it('opens by itself only on the dashboard: a player who went straight to another page sees it once back there', async () => {
    const { context, page, problems } = await app.newPage({ hideRules: false });
    await page.clock.install();
    await signIn(page, app.stack.url, 'alex', 'pickem-demo');
    const dialog = page.getByRole('dialog', { name: 'Rules Description' });
    await page.goto(`${app.stack.url}/#/my-picks`);
    await page.getByRole('heading', { name: 'My Picks' }).waitFor();
    await page.clock.runFor(8000);
    expect(await dialog.count()).toBe(0);
    await page.goto(`${app.stack.url}/#/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.clock.runFor(1000);
    await dialog.waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the info button opens it read-only; Escape and a press outside close it and focus returns to the button', async () => {
    const { context, page, problems } = await app.openAs('blake');
    const info = page.getByRole('button', { name: 'Rules', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Rules Description' });

    await info.click();
    await dialog.waitFor();
    expect(await dialog.getByLabel("Don't show again").count()).toBe(0);
    // Tab stays inside the dialog.
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await info.evaluate((element) => element === document.activeElement)).toBe(true);

    await info.click();
    await dialog.waitFor();
    await page.mouse.click(10, 890);
    await expect.poll(() => dialog.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
