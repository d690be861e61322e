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
    // Two players side by side, so the test waits for the 5 s timer twice, not four times.
    const run = async (login: string, tick: boolean) => {
      const { context, page, problems } = await app.openAs(login, { hideRules: false });
      const signedInAt = Date.now();
      const dialog = page.getByRole('dialog', { name: 'Rules Description' });

      await dialog.waitFor({ timeout: 8000 });
      expect(Date.now() - signedInAt).toBeGreaterThanOrEqual(4500);
      expect(await dialog.getByRole('listitem').allTextContents()).toEqual(rules);
      if (tick) await dialog.getByLabel("Don't show again").check();
      await dialog.getByRole('button', { name: 'Understood' }).click();
      expect(await dialog.count()).toBe(0);
      expect(await page.evaluate((key) => localStorage.getItem(key), rulesStorageKey)).toBe(tick ? '1.0' : null);

      await page.getByRole('button', { name: 'Log Out' }).click();
      await signIn(page, app.stack.url, login, 'pickem-demo');
      if (tick) {
        await page.waitForTimeout(6000);
        expect(await dialog.count()).toBe(0);
      } else {
        await dialog.waitFor({ timeout: 8000 });
      }
      expect(problems).toEqual([]);
      await context.close();
    };
    await Promise.all([run('morgan', true), run('jamie', false)]);
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
