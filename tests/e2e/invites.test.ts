// The commissioner's invite link (docs/rules.md, Invites): made from the Users page, shown once to copy, withdrawn
// once confirmed; with invite-only sign-up on, the sign-up page without a working link says why it refuses as soon
// as it opens, and with one the newcomer joins.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, unexpectedProblems } from './support/app.ts';
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

/** The elements inside that scroll sideways: their content is wider than they are and they let it scroll. */
function sidewaysScrollers(root: Element) {
  return [root, ...root.querySelectorAll('*')]
    .filter((element) => element.scrollWidth > element.clientWidth + 1)
    .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
    .map((element) => element.className || element.tagName);
}

describe('Invite link', () => {
  it('the coach turns invite-only on and makes a link; the sign-up page without it says why it cannot sign up, with it the newcomer joins and the link counts the sign-up', async () => {
    const coach = await app.openAs('coach', { viewport: { width: 390, height: 844 } });
    await coach.page.goto(`${app.stack.url}/#/users`);
    await coach.page.getByRole('button', { name: 'Invite link' }).click();
    const dialog = coach.page.getByRole('dialog', { name: 'Invite link' });
    await dialog.getByText('No invite links yet.').waitFor();
    await dialog.getByText(/^Invite-only sign-up/).click();
    // The notice is over the open dialog, inside it (the page under a modal dialog is inert), and a tap dismisses it.
    const switched = dialog.getByRole('status').filter({ hasText: 'Sign-up is now by invitation only.' });
    await switched.getByRole('button', { name: 'Dismiss' }).click();
    await switched.waitFor({ state: 'detached' });
    await expect.poll(() => dialog.getByRole('switch', { name: /Invite-only sign-up/ }).isChecked()).toBe(true);
    await dialog.getByLabel('Sign-ups allowed').fill('5');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByLabel('New invite link');
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/#\/sign-up\?invite=[\w-]+$/);
    const rows = dialog.getByRole('list', { name: 'Invite links' }).getByRole('listitem');
    // The list is asked again after the link is made.
    await expect.poll(async () => (await rows.first().textContent()) ?? '').toContain('0 of 5 sign-ups');
    expect(await rows.count()).toBe(1);
    // The dialog fits a phone: neither the page nor any part of the dialog scrolls sideways.
    expect(await coach.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await dialog.evaluate(sidewaysScrollers)).toEqual([]);

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
    await expect.poll(async () => (await rows.first().textContent()) ?? '').toContain('1 of 5 sign-ups');
    // Withdrawing asks first: kept, the link stays; confirmed, it goes.
    await dialog.getByRole('button', { name: /^Withdraw the link made/ }).click();
    const confirm = coach.page.getByRole('dialog', { name: 'Withdraw invite link' });
    expect(await confirm.textContent()).toContain('(1 of 5 sign-ups)? It stops working at once');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await rows.count()).toBe(1);
    await dialog.getByRole('button', { name: /^Withdraw the link made/ }).click();
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await notice(coach.page, 'Invite link withdrawn.');
    await dialog.getByText('No invite links yet.').waitFor();
    // Focus is not lost with the withdrawn link's button: it waits on the next thing to do.
    await expect.poll(() => coach.page.evaluate(() => document.activeElement?.textContent)).toBe('Create link');
    // The withdrawn link, opened again, is refused on arrival.
    const withdrawn = await app.newPage({ hideRules: false });
    await withdrawn.page.goto(url);
    await withdrawn.page
      .getByRole('alert')
      .filter({ hasText: 'This invite link is not valid. Ask your commissioner for a new one.' })
      .waitFor();
    await withdrawn.context.close();
    expect(unexpectedProblems(coach.problems, 400)).toEqual([]);
    await coach.context.close();
  });

  it('a used-up or forged link is refused on arrival, before anything is typed; a working one greets the newcomer; at an open client a bad link refuses nothing', async () => {
    const coach = await apiToken(app.stack.url, 'coach', 'pickem-demo');
    const asCoach = (path: string, body: object) =>
      fetch(`${app.stack.url}/Services/api/Client/${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${coach}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await asCoach('set-invite-only', { inviteOnly: true })).status).toBe(200);
    const once = (await (await asCoach('create-invite', { maxUses: 1 })).json()) as { url: string };

    // The working link greets the newcomer, who joins; that was its one sign-up.
    const invited = await app.newPage({ hideRules: false, viewport: { width: 390, height: 844 } });
    await invited.page.goto(once.url);
    await invited.page.getByText('You were invited: your account joins the pool.').waitFor();
    await fillSignUp(invited.page, 'first');
    await invited.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await invited.context.close();

    // Opened again, the used-up link says so at once: no greeting, nothing to fill in, Sign Up off.
    const late = await app.newPage({ hideRules: false, viewport: { width: 390, height: 844 } });
    await late.page.goto(once.url);
    await late.page
      .getByRole('alert')
      .filter({ hasText: 'This invite link is used up. Ask your commissioner for a new one.' })
      .waitFor();
    expect(await late.page.getByText('You were invited').count()).toBe(0);
    expect(await late.page.getByLabel('Login').isDisabled()).toBe(true);
    expect(await late.page.getByLabel('Phone number', { exact: true }).isDisabled()).toBe(true);
    expect(await late.page.getByRole('button', { name: 'Sign Up' }).isDisabled()).toBe(true);
    expect(unexpectedProblems(late.problems)).toEqual([]);

    // A forged code is refused the same way.
    await late.page.goto(`${app.stack.url}/#/sign-up?invite=not-a-real-code`);
    await late.page
      .getByRole('alert')
      .filter({ hasText: 'This invite link is not valid. Ask your commissioner for a new one.' })
      .waitFor();
    expect(await late.page.getByRole('button', { name: 'Sign Up' }).isDisabled()).toBe(true);

    // At an open client the bad link is said, but the form is open and the sign-up goes through.
    expect((await asCoach('set-invite-only', { inviteOnly: false })).status).toBe(200);
    await late.page.reload();
    await late.page
      .getByRole('status')
      .filter({
        hasText: 'This invite link does not work here, but sign-up at Demo is open: you can sign up without it.',
      })
      .waitFor();
    expect(await late.page.getByText('You were invited').count()).toBe(0);
    expect(await late.page.getByLabel('Login').isDisabled()).toBe(false);
    await fillSignUp(late.page, 'walkin');
    await late.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(unexpectedProblems(late.problems)).toEqual([]);
    await late.context.close();
  });
});
