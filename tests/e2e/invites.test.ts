// The commissioner's invite link (docs/rules.md, Invites): made from the Users page, shown once to copy; with
// invite-only sign-up on, the sign-up page without it says why it refuses, and with it the newcomer joins.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unexpectedProblems } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack();

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

async function fillSignUp(page: Page, login: string) {
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Email address').fill(`${login}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(`${login}-secret-1`);
  await page.getByLabel('Repeat password').fill(`${login}-secret-1`);
  await page.getByLabel('Display name').fill(`${login} I.`);
  await page.getByLabel('First name').fill(login);
  await page.getByLabel('Last name').fill('Invited');
  await page.getByLabel('Phone number', { exact: true }).fill('202 555 0147');
  await expect.poll(() => page.getByText('This login is available').count()).toBe(1);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

describe('Invite link', () => {
  it('the coach turns invite-only on and makes a link; the sign-up page without it says why it cannot sign up, with it the newcomer joins and the link counts the sign-up', async () => {
    const coach = await app.openAs('coach', { viewport: { width: 390, height: 844 } });
    await coach.page.goto(`${app.stack.url}/#/users`);
    await coach.page.getByRole('button', { name: 'Invite link' }).click();
    const dialog = coach.page.getByRole('dialog', { name: 'Invite link' });
    await dialog.getByText('No invite links yet.').waitFor();
    await dialog.getByText(/^Invite-only sign-up/).click();
    await notice(coach.page, 'Sign-up is now by invitation only.');
    await expect.poll(() => dialog.getByRole('switch', { name: /Invite-only sign-up/ }).isChecked()).toBe(true);
    await dialog.getByLabel('Sign-ups allowed').fill('5');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByLabel('New invite link');
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/#\/sign-up\?invite=[\w-]+$/);
    const rows = dialog.getByRole('table', { name: 'Invite links' }).locator('tbody tr');
    // The list is asked again after the link is made: until then its one row is the empty list's note.
    await expect.poll(async () => (await rows.first().textContent()) ?? '').toContain('0 of 5');
    expect(await rows.count()).toBe(1);
    // The dialog fits a phone: nothing scrolls sideways.
    expect(await coach.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const stranger = await app.newPage({ hideRules: false });
    await stranger.page.goto(`${app.stack.url}/#/sign-up`);
    // Before anything is typed, the page says sign-up needs the link, and Sign Up stays off.
    await stranger.page
      .getByRole('alert')
      .filter({ hasText: 'Sign-up at Demo is by invitation only: open the invite link your commissioner sent you.' })
      .waitFor();
    expect(await stranger.page.getByRole('button', { name: 'Sign Up' }).isDisabled()).toBe(true);
    await stranger.context.close();

    const invited = await app.newPage({ hideRules: false });
    await invited.page.goto(url);
    await invited.page.getByText('You were invited: your account joins the pool.').waitFor();
    await fillSignUp(invited.page, 'guest');
    await invited.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(unexpectedProblems(invited.problems)).toEqual([]);
    await invited.context.close();

    // Opened again, the list counts the sign-up; withdrawing the link empties it.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await coach.page.getByRole('button', { name: 'Invite link' }).click();
    await expect.poll(async () => (await rows.first().textContent()) ?? '').toContain('1 of 5');
    await dialog.getByRole('button', { name: /^Withdraw the link made/ }).click();
    await notice(coach.page, 'Invite link withdrawn.');
    await dialog.getByText('No invite links yet.').waitFor();
    expect(unexpectedProblems(coach.problems, 400)).toEqual([]);
    await coach.context.close();
  });
});
