import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, storedToken, tenantUrl } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack();

const phone = { width: 375, height: 812 };
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the phone layout (375 px)', () => {
  it('no screen scrolls sideways', async () => {
    const { context, page, problems } = await app.newPage({ viewport: phone });
    for (const path of ['/', '/#/sign-up', '/#/forgot-password', '/#/reset-password?token=x']) {
      await page.goto(`${app.stack.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await scrollWidth(page), path).toBeLessThanOrEqual(phone.width);
    }
    await signIn(page, app.stack.url, 'alex', 'pickem-demo');
    for (const path of [
      '/#/dashboard',
      '/#/profile/settings',
      '/#/profile/account-settings',
      '/#/profile/notifications',
      '/#/profile/wallet',
    ]) {
      await page.goto(`${app.stack.url}${path}`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      expect(await scrollWidth(page), path).toBeLessThanOrEqual(phone.width);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the administration pages fit too: their tables scroll inside themselves, their dialogs fit', async () => {
    const { context, page, problems } = await app.newPage({ viewport: phone });
    const admin = tenantUrl(app.stack.url, 'admin');
    await signIn(page, admin, 'admin', 'pickem-admin');
    for (const [path, heading] of [
      ['/#/management/clients', 'Clients'],
      ['/#/management/roles', 'Roles'],
      ['/#/management/teams', 'Teams'],
      ['/#/management/sports', 'Sports'],
      ['/#/processes', 'Processes'],
      ['/#/methods', 'Methods'],
      ['/#/users', 'Users'],
    ] as const) {
      await page.goto(`${admin}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('table').first().waitFor();
      expect(await scrollWidth(page), path).toBeLessThanOrEqual(phone.width);
    }
    // The system client plays no sport: the spreads page asks for an affiliate before it shows a week's lines.
    await page.goto(`${admin}/#/management/spreads`);
    await page.getByRole('heading', { name: 'Spreads', level: 1 }).waitFor();
    await page.getByText(/^(Select the affiliate|No season for this sport)$/).waitFor();
    expect(await scrollWidth(page), 'spreads').toBeLessThanOrEqual(phone.width);
    await page.goto(`${admin}/#/users`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('dialog', { name: 'Create user' }).getByRole('textbox', { name: 'Login' }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(phone.width);
    await page.keyboard.press('Escape');
    await page.goto(`${admin}/#/management/clients`);
    await page.getByRole('row').filter({ hasText: 'rival' }).getByRole('button', { name: 'Edit Sports' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Edit NFL' }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(phone.width);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the sidebar folds into a menu; the header has a Profile Settings button and the profile a back link', async () => {
    const { context, page, problems } = await app.openAs('alex', { viewport: phone });
    expect(await page.getByRole('navigation', { name: 'Sports' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Profile Settings' }).click();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await drawer.getByText('alex@demo.example.com').count()).toBe(1);
    expect(await drawer.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Leaderboard',
      'Picks',
      'My Picks',
    ]);
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
