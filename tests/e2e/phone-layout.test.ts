import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../infra/local/stack.ts';
import { launchChromium, watchConsole } from './support/browser.ts';
import { newAppContext, signIn, storedToken } from './support/app.ts';

let stack: LocalStack;
let browser: Browser;
beforeAll(async () => {
  [stack, browser] = await Promise.all([startLocalStack({ dataDir: undefined, port: 0, seed: true }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const phone = { width: 375, height: 812 };
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the phone layout (375 px)', () => {
  it('no screen scrolls sideways', async () => {
    const context = await newAppContext(browser, { viewport: phone, hideRules: true });
    const page = await context.newPage();
    const problems = watchConsole(page);
    for (const path of ['/', '/#/sign-up', '/#/forgot-password', '/#/reset-password?token=x']) {
      await page.goto(`${stack.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await scrollWidth(page), path).toBeLessThanOrEqual(phone.width);
    }
    await signIn(page, stack.url, 'alex', 'pickem-demo');
    for (const path of ['/#/dashboard', '/#/profile/settings', '/#/profile/account-settings', '/#/profile/notifications', '/#/profile/wallet']) {
      await page.goto(`${stack.url}${path}`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      expect(await scrollWidth(page), path).toBeLessThanOrEqual(phone.width);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the sidebar folds into a menu; the header has a Profile Settings button and the profile a back link', async () => {
    const context = await newAppContext(browser, { viewport: phone, hideRules: true });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signIn(page, stack.url, 'alex', 'pickem-demo');
    expect(await page.getByRole('navigation', { name: 'Sports' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Profile Settings' }).click();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await drawer.getByText('alex@demo.example.com').count()).toBe(1);
    expect(await drawer.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual(['Dashboard', 'Leaderboard', 'Picks', 'My Picks']);
    await drawer.getByRole('navigation', { name: 'Sports' }).getByRole('button', { name: 'NBA' }).click();
    await expect.poll(() => drawer.count()).toBe(0);
    await page.getByRole('heading', { name: 'NBA season' }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await storedToken(page)).toEqual({ local: null, session: null });
    expect(problems).toEqual([]);
    await context.close();
  });
});
