import { describe, expect, it } from 'vitest';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack();

describe('the web app on the local stack, in Chromium', () => {
  it('a demo bettor signs in, sees the profile and the client’s sports, and logs out', async () => {
    const { page, problems } = await app.newPage({ hideRules: false });
    await page.goto(app.stack.url);
    await page.getByLabel('Login').fill('alex');
    await page.getByLabel('Password').fill('pickem-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect.poll(() => page.getByText('Signed in as').textContent()).toContain('Alex C.');
    // A player reads his role's name, never permission codes.
    expect(await page.getByText('Signed in as').textContent()).toContain('Bettor');
    expect(await page.getByText('4, 8, 10, 12, 18, 19, 20').count()).toBe(0);
    await expect.poll(() => page.getByText('NBA').count()).toBeGreaterThan(0);
    expect(page.url()).toMatch(/#\/dashboard$/);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).count()).toBe(1);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    expect(problems).toEqual([]);
  });

  it('a wrong password shows the server’s message and keeps the user signed out', async () => {
    const { page } = await app.newPage({ hideRules: false });
    await page.goto(app.stack.url);
    await page.getByLabel('Login').fill('alex');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('The login or password is incorrect').count()).toBe(1);
  });

  it('remember me keeps a 28-day token (and its session id) in localStorage; without it, a 12-hour one in sessionStorage only', async () => {
    const storedAfterSignIn = async (remember: boolean) => {
      const context = await app.newContext({ hideRules: false });
      const page = await context.newPage();
      await page.goto(app.stack.url);
      await page.getByLabel('Login').fill('coach');
      await page.getByLabel('Password').fill('pickem-demo');
      if (remember) await page.getByLabel('Remember me').check();
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect.poll(() => page.getByText('Signed in as').count()).toBe(1);
      const kept = await page.evaluate(() => [Object.keys(localStorage).sort(), Object.keys(sessionStorage).sort()]);
      const token = await page.evaluate(
        () => (localStorage.getItem('pickem.token') ?? sessionStorage.getItem('pickem.token'))!,
      );
      const { iat, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      await context.close();
      return { kept, hours: (exp - iat) / 3600 };
    };
    const session = ['pickem.session', 'pickem.token'];
    expect(await storedAfterSignIn(true)).toEqual({ kept: [session, []], hours: 28 * 24 });
    expect(await storedAfterSignIn(false)).toEqual({ kept: [[], session], hours: 12 });
  });
});
