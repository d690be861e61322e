// A system administrator opens a new client from the browser: its domain, NFL with an affiliate and pick
// days, a prize and a role. A player then signs up at the new domain and plays NFL there, and the new
// client's own administrator sees only its roles.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { companyAdminRoleName } from '#domain/auth/standard-roles.ts';
import { UserStatus } from '#domain/auth/user.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listAllRoles } from '../../functions/store/roles.ts';
import { createUser } from '../../functions/store/account-claims.ts';
import { followNavItem, tenantUrl, unexpectedProblems } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack();

async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('button', { name: new RegExp(`^${label} `) }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A success toast; its text follows a visually hidden 'Success:'. */
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

describe('tenant administration in the browser', () => {
  it('the system administrator creates a client with NFL, a prize and a role; a player signs up there and sees NFL', async () => {
    const { context, page, problems } = await app.openAs('admin', {
      password: 'pickem-admin',
      url: tenantUrl(app.stack.url, 'admin'),
    });
    await followNavItem(page, 'Management');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    // Its Date Created column is the day in one zone, said on the page, whatever the browser's.
    await page.getByText('Times in New York time (ET)').waitFor();

    await page.getByRole('button', { name: 'Create Client' }).click();
    const create = page.getByRole('dialog', { name: 'Create Client' });
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('Client Name is required').waitFor();
    await create.getByRole('textbox', { name: 'Name' }).fill('Harbor League');
    await create.getByRole('textbox', { name: 'Domain' }).fill('harbor');
    await create.getByRole('button', { name: 'Create' }).click();
    await notice(page, 'Client has been created');
    const row = page.getByRole('row').filter({ hasText: 'harbor' });
    await row.waitFor();

    // Each row's buttons name their client, so a screen reader says which one a button acts on.
    await page.getByRole('button', { name: 'Edit Sports client Harbor League', exact: true }).click();
    const sports = page.getByRole('dialog', { name: /Harbor League/ });
    await sports.getByRole('button', { name: 'Add Sport' }).click();
    await choose(page, sports, 'Sport', 'NFL');
    await sports.getByRole('button', { name: 'Next' }).click();
    await choose(page, sports, 'Affiliate', /./);
    await sports.getByRole('button', { name: 'Next' }).click();
    await sports.getByRole('button', { name: 'Confirm' }).click();
    await notice(page, 'Sport added');
    await sports.getByRole('button', { name: 'Edit NFL' }).waitFor();
    await sports.getByRole('button', { name: 'Close' }).first().click();

    await row.getByRole('button', { name: 'Edit Prizes' }).click();
    const prizes = page.getByRole('dialog', { name: /Harbor League/ });
    await prizes.getByRole('button', { name: 'Add Prize' }).click();
    await prizes.getByRole('textbox', { name: 'Name' }).fill('Season trophy');
    await prizes.getByRole('textbox', { name: 'Cost' }).fill('150');
    await prizes.getByRole('button', { name: 'Add', exact: true }).click();
    await notice(page, 'Prize has been added');
    await prizes.getByText('Season trophy').waitFor();
    // A notice leaving the dialog (its 5 s up, or dismissed) moves none of its controls: a press on its way to Add
    // Prize would otherwise land beside the dialog and close it.
    const notices = prizes.locator(':scope > .ui-modal__panel > .ui-modal__notices .ui-toast');
    await notices.first().waitFor();
    const addPrize = await prizes.getByRole('button', { name: 'Add Prize' }).boundingBox();
    await expect.poll(() => notices.count(), { timeout: 15_000 }).toBe(0);
    expect(await prizes.getByRole('button', { name: 'Add Prize' }).boundingBox()).toEqual(addPrize);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create new role' }).click();
    const role = page.getByRole('dialog', { name: 'Create new role' });
    await role.getByRole('textbox', { name: 'Name' }).fill('Harbor Captain');
    await choose(page, role, 'Client', 'Harbor League');
    for (const permission of ['set bets', 'view leaderboard', 'make third party bets']) {
      await role.getByText(permission, { exact: true }).click();
    }
    await role.getByRole('button', { name: 'Create' }).click();
    await notice(page, 'Role has been created');
    await page.getByRole('row').filter({ hasText: 'Harbor Captain' }).getByText('Harbor League').waitFor();
    expect(unexpectedProblems(problems, 400)).toEqual([]);
    await context.close();

    // A player of the new client, at its own domain.
    const player = await app.newPage();
    await player.page.goto(`${tenantUrl(app.stack.url, 'harbor')}/#/sign-up`);
    await player.page.getByLabel('Login').fill('hana');
    await player.page.getByLabel('Email address').fill('hana@example.com');
    await player.page.getByLabel('Password', { exact: true }).fill('hana-harbor-secret');
    await player.page.getByLabel('Repeat password').fill('hana-harbor-secret');
    await player.page.getByLabel('Display name').fill('Hana H.');
    await player.page.getByLabel('First name').fill('Hana');
    await player.page.getByLabel('Last name').fill('Hale');
    await player.page.getByLabel('Phone number', { exact: true }).fill('202 555 0149');
    await expect.poll(() => player.page.getByText('This login is available').count()).toBe(1);
    await player.page.getByRole('button', { name: 'Sign Up' }).click();
    await player.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await player.page.getByText('Signed in as').textContent()).toMatch(/Bettor, Harbor League/);
    await player.page.getByRole('heading', { name: 'NFL season' }).waitFor();
    expect(player.problems).toEqual([]);
    await player.context.close();
  });

  it("the new client's company administrator sees only his own client's roles", async () => {
    const { deps } = app.stack;
    const harbor = (await findClientByDomain(deps, 'harbor'))!;
    const adminRole = (await listAllRoles(deps)).find(
      (candidate) => candidate.clientId === harbor.id && candidate.name === companyAdminRoleName,
    )!;
    await createUser(deps, {
      id: await deps.ids.next('user'),
      clientId: harbor.id,
      login: 'harbor-boss',
      displayName: 'Harbor Boss',
      emailAddress: 'boss@harbor.example.com',
      firstName: 'Harbor',
      lastName: 'Boss',
      middleName: '',
      phoneNumber: '',
      status: UserStatus.Active,
      roleId: adminRole.id,
      passwordHash: await deps.passwords.hash('harbor-boss-secret'),
      dateCreated: deps.clock.now().toISOString(),
    });

    const { context, page, problems } = await app.openAs('harbor-boss', {
      password: 'harbor-boss-secret',
      url: tenantUrl(app.stack.url, 'harbor'),
    });
    await followNavItem(page, 'Management');
    await page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Harbor Captain' }).waitFor();
    const clientNames = await page
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
    expect(new Set(clientNames)).toEqual(new Set(['Harbor League']));
    expect(await page.getByRole('link', { name: 'Clients' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("an administrator connects the client's login directory on the Methods page; sign-up then asks it", async () => {
    // The Harbor League's directory, on this machine: it knows 'hana' and 'otto' only; it counts what it is asked.
    const asked: string[] = [];
    const directory = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(/^\/members\/(hana|otto)$/.test(request.url ?? '') ? 200 : 404).end();
    });
    await new Promise<void>((ready) => directory.listen(0, '127.0.0.1', ready));
    const directoryUrl = `http://127.0.0.1:${(directory.address() as AddressInfo).port}/members`;
    try {
      const { context, page, problems } = await app.openAs('admin', {
        password: 'pickem-admin',
        url: tenantUrl(app.stack.url, 'admin'),
      });
      await followNavItem(page, 'Methods');
      await page.getByRole('heading', { name: 'Methods', level: 1 }).waitFor();
      // The system client takes no sign-ups: its administrator starts on the first other client, by name.
      await page.getByRole('main').getByRole('button', { name: 'Client Demo' }).waitFor();
      await choose(page, page.locator('main'), 'Client', 'Harbor League');
      await page.getByRole('button', { name: 'Add method' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add method' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Url is required').waitFor();
      // The form marks the parameter name the server would refuse, on the field itself, before sending anything.
      await dialog.getByText('Parameter name is required').waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Parameter name' }).getAttribute('aria-invalid')).toBe('true');
      await choose(page, dialog, 'Passing parameter method', 'login in path');
      expect(await dialog.getByText('Parameter name is required').count()).toBe(0);
      await dialog.getByRole('textbox', { name: 'Url' }).fill(directoryUrl);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await notice(page, 'Method saved');
      await page.getByRole('row').filter({ hasText: directoryUrl }).waitFor();
      expect(problems).toEqual([]);
      await context.close();

      const visitor = await app.newPage();
      await visitor.page.goto(`${tenantUrl(app.stack.url, 'harbor')}/#/sign-up`);
      await visitor.page.getByLabel('Login').fill('mallory');
      await visitor.page.getByText('User not found').first().waitFor();
      expect(await visitor.page.getByRole('button', { name: 'Sign Up' }).isDisabled()).toBe(true);
      await visitor.page.getByLabel('Login').fill('otto');
      await expect.poll(() => visitor.page.getByText('This login is available').count()).toBe(1);
      expect(asked).toEqual(expect.arrayContaining(['/members/mallory', '/members/otto']));
      expect(unexpectedProblems(visitor.problems, 404)).toEqual([]);
      await visitor.context.close();
    } finally {
      directory.close();
    }
  });
});
