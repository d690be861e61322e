import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { eraseMethod, putMethod } from '../../functions/store/methods.ts';
import { storedToken, unexpectedProblems } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack();

describe('sign-up', () => {
  it('names every missing field with the spec’s message, and a mismatch or a bad e-mail too', async () => {
    const { context, page, problems } = await app.newPage({ hideRules: false });
    await page.goto(app.stack.url);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('button', { name: 'Sign Up' }).click();

    for (const message of [
      'Login is required',
      'Email is required',
      'Password is required',
      'Repeat password is required',
      'Display name is required',
      'First name is required',
      'Last name is required',
      'Phone number is required',
    ]) {
      expect(await page.getByText(message, { exact: true }).count(), message).toBe(1);
    }

    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('first-secret');
    await page.getByLabel('Repeat password').fill('second-secret');
    await expect.poll(() => page.getByText('Email is not valid').count()).toBe(1);
    expect(await page.getByText('Passwords did not match').count()).toBe(1);
    expect(await page.getByLabel('Login').getAttribute('aria-invalid')).toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('checks the login once typing pauses, shows the server’s refusal and blocks sign-up until it changes', async () => {
    const { context, page, problems } = await app.newPage({ hideRules: false });
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/User/check-login'))
        checks.push(new URL(request.url()).searchParams.get('login')!);
    });
    // The page's clock stands still while the test types, so however slowly the keys arrive, the
    // check's timer cannot run out between two of them; it runs once the clock goes on.
    await page.clock.install();
    await page.goto(`${app.stack.url}/#/sign-up`);
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByLabel('Login').pressSequentially('alex', { delay: 40 });
    await page.clock.resume();
    // Waits for the answer itself: the check runs half a second after the last key, and then the request.
    await page.getByText("The login 'alex' is already taken").waitFor();
    await expect.poll(() => page.getByText("The login 'alex' is already taken").count()).toBe(1);
    // One request for the whole word: the check waits for typing to stop.
    expect(checks).toEqual(['alex']);
    expect(await page.getByRole('button', { name: 'Sign Up' }).isDisabled()).toBe(true);

    await page.getByLabel('Login').fill('alex-new');
    expect(await page.getByRole('button', { name: 'Sign Up' }).isDisabled()).toBe(true);
    await page.getByText('This login is available').waitFor();
    await expect.poll(() => page.getByText('This login is available').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Sign Up' }).isDisabled()).toBe(false);
    expect(unexpectedProblems(problems, 409)).toEqual([]);
    await context.close();
  });

  it('the phone input starts on the United States, which leads the country list', async () => {
    const { context, page } = await app.newPage({ hideRules: false });
    await page.goto(`${app.stack.url}/#/sign-up`);
    const country = page.getByLabel('Phone number country');
    await country.waitFor();
    expect(await country.inputValue()).toBe('US');
    const firstCountries = await country
      .locator('option')
      .evaluateAll((options) => options.slice(0, 2).map((option) => (option as HTMLOptionElement).value));
    expect(firstCountries[0]).toBe('US');
    await context.close();
  });

  it('a new player signs up and lands in the app, signed in for this browser session', async () => {
    const { context, page, problems } = await app.newPage({ hideRules: false });
    await page.goto(`${app.stack.url}/#/sign-up`);
    await page.getByLabel('Login').fill('nina');
    await page.getByLabel('Email address').fill('nina@example.com');
    await page.getByLabel('Password', { exact: true }).fill('nina-secret-1');
    await page.getByLabel('Repeat password').fill('nina-secret-1');
    await page.getByLabel('Display name').fill('Nina N.');
    await page.getByLabel('First name').fill('Nina');
    await page.getByLabel('Last name').fill('Novak');
    await page.getByLabel('Phone number', { exact: true }).fill('202 555 0147');
    await expect.poll(() => page.getByText('This login is available').count()).toBe(1);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(page.url()).toMatch(/#\/dashboard$/);
    expect(await page.getByText('Signed in as').textContent()).toMatch(/Signed in as Nina N\. · Bettor, Demo/);
    const token = await storedToken(page);
    expect(token.local).toBeNull();
    expect(token.session).toBeTruthy();

    await page.goto(`${app.stack.url}/#/profile/settings`);
    expect(await page.getByLabel('Phone number', { exact: true }).inputValue()).toBe('+12025550147');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows "User not found" when the client’s own system refuses the login, at the check or at sign-up', async () => {
    // The demo client's login-check system, on this machine: it refuses 'ghost', and everything once told to.
    let refuseAll = false;
    const directory = createServer((request, response) =>
      response.writeHead(refuseAll || request.url === '/users/ghost' ? 404 : 200).end(),
    );
    await new Promise<void>((ready) => directory.listen(0, '127.0.0.1', ready));
    const demo = (await findClientByDomain(app.stack.deps, 'demo'))!;
    const method = {
      id: await app.stack.deps.ids.next('method'),
      clientId: demo.id,
      methodPurpose: 'checking if a login is allowed to be used' as const,
      methodType: 'GET' as const,
      passingParameterMethod: 'login in path' as const,
      url: `http://127.0.0.1:${(directory.address() as AddressInfo).port}/users`,
      parameterName: '',
      requestBody: '',
      headerName: '',
      headerValue: '',
    };
    await putMethod(app.stack.deps, method);
    try {
      const { context, page, problems } = await app.newPage({ hideRules: false });
      await page.goto(`${app.stack.url}/#/sign-up`);
      await page.getByLabel('Login').fill('ghost');
      await page.getByText('User not found', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign Up' }).isDisabled()).toBe(true);

      await page.getByLabel('Login').fill('vera');
      await page.getByText('This login is available').waitFor();
      await page.getByLabel('Email address').fill('vera@example.com');
      await page.getByLabel('Password', { exact: true }).fill('vera-secret-1');
      await page.getByLabel('Repeat password').fill('vera-secret-1');
      await page.getByLabel('Display name').fill('Vera V.');
      await page.getByLabel('First name').fill('Vera');
      await page.getByLabel('Last name').fill('Vance');
      await page.getByLabel('Phone number', { exact: true }).fill('202 555 0148');
      // Sign-up asks the client's system again; by now it says no.
      refuseAll = true;
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('User not found', { exact: true }).waitFor();
      expect(await page.getByLabel('Login').getAttribute('aria-invalid')).toBe('true');
      expect(page.url()).toMatch(/#\/sign-up$/);
      expect(unexpectedProblems(problems, 404)).toEqual([]);
      await context.close();
    } finally {
      await eraseMethod(app.stack.deps, method);
      directory.closeAllConnections();
      directory.close();
    }
  });
});
