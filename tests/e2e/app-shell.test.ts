import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { visibleNavItems } from '../../web/src/app/nav-items.ts';
import { appPages } from '../../web/src/app/pages.tsx';
import { apiToken, openSignedIn, signIn, storedToken, tenantUrl, unexpectedProblems } from './support/app.ts';
import { watchConsole } from './support/browser.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack();

/** The header's navigation items in order: those shown, then those in the More menu when some do not fit. */
async function mainNavLabels(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link').first().waitFor();
  const shown = await nav.getByRole('link').allTextContents();
  const more = nav.getByRole('button', { name: 'More' });
  if ((await more.count()) === 0) return shown;
  await more.click();
  const rest = await page.getByRole('menu', { name: 'More pages' }).getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return [...shown, ...rest];
}

describe('the signed-in app shell', () => {
  it('with remember me the session survives a new tab; without it a new tab asks to sign in again', async () => {
    for (const remember of [true, false]) {
      const { context, page } = await app.newPage({ hideRules: false });
      await signIn(page, app.stack.url, 'sam', 'pickem-demo', { remember });
      const token = await storedToken(page);
      expect(Boolean(token.local)).toBe(remember);
      expect(Boolean(token.session)).toBe(!remember);

      const second = await context.newPage();
      await second.goto(`${app.stack.url}/#/dashboard`);
      const heading = remember ? 'Dashboard' : 'Sign in';
      await second.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await context.close();
    }
  });

  it('nav items appear only for pages that exist and permissions the user holds', async () => {
    // The rule over the app's routes table, as if every page were built already.
    const table = appPages.map((page) => ({ ...page, built: true }));
    const labelsFor = (permissions: string) => visibleNavItems(table, { permissions }).map((entry) => entry.label);
    expect(labelsFor('4, 8, 10, 12, 18, 19, 20')).toEqual(['Dashboard', 'Leaderboard', 'Picks', 'My Picks']);
    expect(labelsFor('1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 18, 19, 20, 24')).toEqual([
      'Dashboard',
      'Leaderboard',
      'Users',
      'Third Party Picks',
      'Picks',
      'My Picks',
      'Missing Picks',
      'Management',
      'Messages',
    ]);
    expect(labelsFor(Array.from({ length: 24 }, (_, index) => index + 1).join(', '))).toEqual([
      'Dashboard',
      'Leaderboard',
      'Users',
      'Third Party Picks',
      'Picks',
      'My Picks',
      'Missing Picks',
      'Games & Odds',
      'Management',
      'Messages',
      'Processes',
      'Methods',
    ]);
    // Management shows while one of its pages that exist may be opened: Teams does not exist yet.
    expect(labelsFor('11, 13, 22')).toEqual(['Dashboard', 'Leaderboard', 'Games & Odds', 'Processes']);
    expect(labelsFor('4, 14, 15')).toEqual(['Dashboard', 'Leaderboard', 'Management', 'Methods']);
    // A page is offered only with the permissions of its own calls: editing clients without viewing them is not enough.
    expect(labelsFor('4, 15')).toEqual(['Dashboard', 'Leaderboard']);
    expect(labelsFor('4, 24')).toEqual(['Dashboard', 'Leaderboard']);
    expect(labelsFor('1, 4, 18, 24')).toContain('Third Party Picks');
    expect(visibleNavItems([{ label: 'Picks', navPermissions: [18], built: false }], { permissions: '18' })).toEqual(
      [],
    );

    // In the app, only pages that are built show, each to the roles allowed to open it.
    const player = ['Dashboard', 'Leaderboard', 'Picks', 'My Picks'];
    const manager = [
      'Dashboard',
      'Leaderboard',
      'Users',
      'Third Party Picks',
      'Picks',
      'My Picks',
      'Missing Picks',
      'Games & Odds',
      'Management',
      'Messages',
    ];
    for (const [url, login, password, expected] of [
      [app.stack.url, 'alex', 'pickem-demo', player],
      [app.stack.url, 'coach', 'pickem-demo', manager],
      [tenantUrl(app.stack.url, 'admin'), 'admin', 'pickem-admin', [...manager, 'Processes', 'Methods']],
    ] as const) {
      const { context, page, problems } = await app.openAs(login, { url, password });
      expect(await mainNavLabels(page), login).toEqual(expected);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('switching sport from the sidebar or the header dropdown selects it and loads its weeks', async () => {
    const { context, page, problems } = await app.openAs('alex');
    const sidebar = page.getByRole('navigation', { name: 'Sports' });
    const switcher = page.getByRole('button', { name: /^Sport / });
    expect(await sidebar.getByRole('button', { name: 'NFL' }).getAttribute('aria-pressed')).toBe('true');
    expect(await switcher.textContent()).toBe('NFL');
    expect(await page.getByRole('heading', { name: 'NFL season' }).count()).toBe(1);

    await sidebar.getByRole('button', { name: 'NBA' }).click();
    await page.getByRole('heading', { name: 'NBA season' }).waitFor();
    // The stats banner names the sport's selected week once its weeks have loaded.
    await expect.poll(() => page.getByText(/^Week \d+ · \d{2}\.\d{2} – \d{2}\.\d{2}$/).count()).toBeGreaterThan(0);
    expect(await switcher.textContent()).toBe('NBA');
    expect(await sidebar.getByRole('button', { name: 'NBA' }).getAttribute('aria-pressed')).toBe('true');

    // The header dropdown by keyboard: arrows move, Enter picks, focus returns to the button.
    await switcher.focus();
    await page.keyboard.press('ArrowDown');
    const listbox = page.getByRole('listbox', { name: 'Sport' });
    await listbox.waitFor();
    expect(await listbox.getByRole('option').allTextContents()).toEqual(['NFL', 'NBA']);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'NFL season' }).waitFor();
    expect(await switcher.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await sidebar.getByRole('button', { name: 'NFL' }).getAttribute('aria-pressed')).toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the profile menu works by keyboard; Profile Settings saves edits and the header shows the new name', async () => {
    const { context, page, problems } = await app.openAs('casey');
    const trigger = page.getByRole('button', { name: /Casey B\./ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Account' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Profile Settings',
      'Account Settings',
      'My Wallet',
      'Contact Admin',
      'Log Out',
    ]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Profile Settings');
    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(page.url()).toMatch(/#\/profile\/settings$/);
    expect(await page.getByLabel('Display name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Email address').inputValue()).toBe('casey@demo.example.com');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Display name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect(await page.getByText('Display name is required').count()).toBe(1);
    await page.getByLabel('Display name').fill('Casey the Closer');
    await page.getByLabel('Middle name').fill('Jo');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Changes Saved.').count()).toBe(1);
    expect(await page.getByRole('button', { name: /Casey the Closer/ }).count()).toBe(1);
    expect(await page.getByLabel('Middle name').inputValue()).toBe('Jo');
    expect(await page.getByLabel('Middle name').getAttribute('readonly')).not.toBeNull();

    // Still there after a reload: it was saved, not only shown.
    await page.reload();
    await page.getByRole('button', { name: /Casey the Closer/ }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Contact Admin opens from the footer; its Issue select filters as you type; Escape closes and focus returns', async () => {
    const { context, page, problems } = await app.openAs('riley');
    const opener = page.getByRole('contentinfo').getByRole('button', { name: 'Contact Admin' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Contact Admin' });
    await dialog.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await dialog.getByRole('button', { name: 'Send' }).click();
    expect(await dialog.getByText('Issue is required').count()).toBe(1);
    expect(await dialog.getByText('Message is required').count()).toBe(1);

    const issue = dialog.getByRole('button', { name: /^Issue / });
    expect(await issue.textContent()).toBe('Select By');
    await issue.click();
    const search = dialog.getByPlaceholder('Search...');
    await search.fill('SCORE');
    expect(await dialog.getByRole('option').allTextContents()).toEqual(['Scores and results']);
    await page.keyboard.press('Enter');
    expect(await issue.textContent()).toBe('Scores and results');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('before any pick is graded the bell has no unread count and says so (no results announced that do not exist)', async () => {
    const { context, page } = await app.openAs('quinn');
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Nothing yet: announcements and results appear here once there are some.').waitFor();
    expect(await bell.textContent()).not.toMatch(/\d/);
    expect(await panel.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('a signed-in start asks for the user and the client’s sports side by side, not one after the other', async () => {
    const { context, page } = await app.newPage();
    const calls: string[] = [];
    page.on('request', (request) => calls.push(`asked ${new URL(request.url()).pathname}`));
    page.on('response', (response) => calls.push(`answered ${new URL(response.url()).pathname}`));
    await openSignedIn(page, app.stack.url, await apiToken(app.stack.url, 'sam', 'pickem-demo'));
    const at = (call: string) => calls.indexOf(call);
    expect(at('asked /Services/api/Client/sport-list')).toBeGreaterThan(-1);
    expect(at('asked /Services/api/Client/sport-list')).toBeLessThan(at('answered /Services/user'));
    await context.close();
  });

  it('a stored token the server refuses is dropped from both stores at start, showing sign-in', async () => {
    const context = await app.newContext({ hideRules: false });
    await context.addInitScript(() => {
      localStorage.setItem('pickem.token', 'expired-token');
      sessionStorage.setItem('pickem.token', 'expired-token');
    });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${app.stack.url}/#/dashboard`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await storedToken(page)).toEqual({ local: null, session: null });
    expect(unexpectedProblems(problems, 401)).toEqual([]);
    await context.close();
  });

  it('an unknown path goes to the dashboard, and a 401 from any call ends the session', async () => {
    const { context, page, problems } = await app.openAs('drew');
    await page.goto(`${app.stack.url}/#/no-such-page`);
    await expect.poll(() => page.url()).toMatch(/#\/dashboard$/);

    // The next call the page makes carries the bad token: a navigation asks for the leaderboard's data at once (a
    // click on the sports rail could lose its button to a poll that already hit the 401 on a busy machine).
    await page.evaluate(() => {
      sessionStorage.setItem('pickem.token', 'a-token-the-server-never-issued');
      location.hash = '#/leaderboard';
    });
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await storedToken(page)).toEqual({ local: null, session: null });
    expect(unexpectedProblems(problems, 401)).toEqual([]);
    await context.close();
  });

  it('Log Out in the profile menu forgets the session and returns to sign-in at /', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, app.stack.url, 'avery', 'pickem-demo', { remember: true });
    await page.goto(`${app.stack.url}/#/profile/wallet`);
    await page.getByText('Your wallet is on its way').waitFor();
    await page.getByRole('button', { name: /Avery L\./ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(page.url()).toMatch(/#\/$/);
    expect(await storedToken(page)).toEqual({ local: null, session: null });
    await context.close();
  });
});
