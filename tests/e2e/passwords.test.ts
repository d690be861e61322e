import { describe, expect, it } from 'vitest';
import { signIn, unexpectedProblems } from './support/app.ts';
import { lastMailTo, passwordLinkMail } from '../support/outbox.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack();

describe('passwords', () => {
  it('a player changes the password in Account Settings, and only the new one signs in afterwards', async () => {
    const { context, page, problems } = await app.openAs('jordan');
    await page.getByRole('button', { name: /Jordan B\./ }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();

    expect(await page.getByLabel('Username').inputValue()).toBe('jordan');
    expect(await page.getByLabel('Username').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Old Password').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Edit Account Settings' }).click();

    await page.getByLabel('Old Password').fill('not-my-password');
    await page.getByLabel('New Password').fill('jordan-new-secret');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText('The old password is not correct').count()).toBe(1);

    await page.getByLabel('Old Password').fill('pickem-demo');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Password changed' }).count()).toBe(1);
    expect(await page.getByLabel('Old Password').isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByLabel('Login').fill('jordan');
    await page.getByLabel('Password').fill('pickem-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('The login or password is incorrect').count()).toBe(1);
    await page.getByLabel('Password').fill('jordan-new-secret');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(unexpectedProblems(problems, 400, 401)).toEqual([]);
    await context.close();
  });

  it('a forgotten password is reset from the link in the mail, once', async () => {
    const { context, page, problems } = await app.newPage();
    // The page's own clock, so the notice's lifetime is checked by moving time, not by waiting it out.
    await page.clock.install();
    await page.goto(app.stack.url);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send Instructions' }).click();
    expect(await page.getByText('Login is required').count()).toBe(1);

    await page.getByLabel('Login').fill('taylor');
    await page.getByRole('button', { name: 'Send Instructions' }).click();
    await expect.poll(() => page.getByText('The instructions have been sent to your email').count()).toBe(1);
    // This notice stays 60 s, not the usual 5 s (docs/rules.md, Notices).
    await page.clock.runFor(5_500);
    expect(await page.getByText('The instructions have been sent to your email').count()).toBe(1);
    await page.clock.runFor(55_000);
    await expect.poll(() => page.getByText('The instructions have been sent to your email').count()).toBe(0);

    const mail = lastMailTo(app.stack.outboxDir, 'taylor@demo.example.com', passwordLinkMail);
    const link = /https?:\/\/\S+\/#\/reset-password\?token=\S+/.exec(mail ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByLabel('New password').fill('taylor-new-secret');
    await page.getByLabel('Repeat password').fill('taylor-other-secret');
    await page.getByRole('button', { name: 'Change Password' }).click();
    expect(await page.getByText('Passwords did not match').count()).toBe(1);

    await page.getByLabel('Repeat password').fill('taylor-new-secret');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText('Password changed').count()).toBe(1);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signIn(page, app.stack.url, 'taylor', 'taylor-new-secret');

    // The link is single-use.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.goto(link!);
    await page.getByLabel('New password').fill('taylor-third-secret');
    await page.getByLabel('Repeat password').fill('taylor-third-secret');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect
      .poll(() => page.getByText('This reset link is invalid, used or expired; ask for a new one').count())
      .toBe(1);
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).count()).toBe(1);
    expect(unexpectedProblems(problems, 400)).toEqual([]);
    await context.close();
  });
});
