// The company administrator manages the client's users from the Users page: finds them (search, filter,
// 10/25/50 per page), creates one (the login check refuses a taken login), edits, mails a set-password link to,
// deletes, and imports a CSV file as a job whose report names the refused lines.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { bettorPermissions, bettorRoleName } from '#domain/auth/standard-roles.ts';
import { type Role, RoleType, UserStatus } from '#domain/auth/user.ts';
import { demoDomain } from '#domain/tenancy/tenant-domain.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listAllRoles, putRole } from '../../functions/store/roles.ts';
import { createUser } from '../../functions/store/account-claims.ts';
import { mailsTo, unexpectedProblems } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';
import { csvHeader, importCsv, importFile, writeCsv } from './support/users-csv.ts';

/**
 * The demo client has the coach and 12 bettors; 30 fans more make every page size page. The last fan may view the
 * users but not modify them.
 */
const fans = Array.from({ length: 30 }, (_, index) => `fan${String(index + 1).padStart(2, '0')}`);
const demoUsers = 13 + fans.length;
const viewingFan = fans.at(-1)!;
const fanPassword = 'fan-password-secret';

const app = useBrowserStack(undefined, {
  given: async ({ deps }) => {
    const demo = (await findClientByDomain(deps, demoDomain))!;
    const bettor = (await listAllRoles(deps)).find(
      (role) => role.clientId === demo.id && role.name === bettorRoleName,
    )!;
    const viewer: Role = {
      id: await deps.ids.next('role'),
      name: 'Users Viewer',
      clientId: demo.id,
      roleType: RoleType.UserCreated,
      permissions: [...bettorPermissions, Permission.ViewUsers],
    };
    await putRole(deps, viewer);
    const passwordHash = await deps.passwords.hash(fanPassword);
    for (const login of fans) {
      await createUser(deps, {
        id: await deps.ids.next('user'),
        clientId: demo.id,
        login,
        displayName: `Fan ${login.slice(3)}`,
        emailAddress: `${login}@demo.example.com`,
        firstName: 'Fan',
        lastName: `Number ${login.slice(3)}`,
        middleName: '',
        phoneNumber: '',
        status: UserStatus.Active,
        roleId: login === viewingFan ? viewer.id : bettor.id,
        passwordHash,
        dateCreated: deps.clock.now().toISOString(),
      });
    }
  },
});

/** A toast; its text follows a visually hidden 'Success:' or 'Error:'. */
const notice = (page: Page, text: string, role: 'status' | 'alert' = 'status') =>
  page.getByRole(role).filter({ hasText: text }).first().waitFor();

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const bodyRows = (page: Page) => usersTable(page).locator('tbody tr');
const range = (page: Page) => page.getByRole('navigation', { name: 'Users pages' }).locator('.ui-pagination__range');

async function choose(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('button', { name: new RegExp(`^${label} `) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
}

async function openUsers(page: Page) {
  await page.getByRole('link', { name: 'All users' }).click();
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  await expect.poll(() => range(page).textContent()).toBe(`1–${demoUsers} of ${demoUsers}`);
}

describe('the Users page', () => {
  it('the company administrator searches, filters and pages the users (10, 25, 50 per page)', async () => {
    const { context, page, problems } = await app.openAs('coach');
    await openUsers(page);
    expect(await usersTable(page).locator('thead th').allTextContents()).toEqual([
      'ID',
      'First Name',
      'Last Name',
      'Display Name',
      'Login',
      'Phone Number',
      'Email',
      'Client',
      'Active',
      'Action',
    ]);
    await expect.poll(() => bodyRows(page).count()).toBe(demoUsers);
    expect(await usersTable(page).getByRole('img', { name: 'Active' }).count()).toBe(demoUsers);

    const rowsPerPage = page.getByRole('navigation', { name: 'Users pages' });
    await choose(page, rowsPerPage, 'Rows per page', '10');
    await expect.poll(() => range(page).textContent()).toBe(`1–10 of ${demoUsers}`);
    await expect.poll(() => bodyRows(page).count()).toBe(10);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => range(page).textContent()).toBe(`11–20 of ${demoUsers}`);
    await expect.poll(() => bodyRows(page).count()).toBe(10);

    // A new page size starts again from page 1.
    await choose(page, rowsPerPage, 'Rows per page', '25');
    await expect.poll(() => range(page).textContent()).toBe(`1–25 of ${demoUsers}`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(demoUsers - 25);
    await choose(page, rowsPerPage, 'Rows per page', '50');
    await expect.poll(() => range(page).textContent()).toBe(`1–${demoUsers} of ${demoUsers}`);

    // The server searches names, logins and e-mail addresses, ignoring case.
    await search(page, 'CARTER');
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');
    expect(await bodyRows(page).first().textContent()).toContain('alex');
    await search(page, 'fan1');
    await expect.poll(() => range(page).textContent()).toBe('1–10 of 10');
    await search(page, '');
    await expect.poll(() => range(page).textContent()).toBe(`1–${demoUsers} of ${demoUsers}`);

    // The filter panel: order by last name, then one user by ID; Escape closes it.
    await page.getByRole('button', { name: 'Filter' }).click();
    const filter = page.getByRole('dialog', { name: 'Filter users' });
    await choose(page, filter, 'Order By', 'Last Name');
    await expect.poll(() => bodyRows(page).first().locator('td').nth(2).textContent()).toBe('Blake');
    const alexId = await bodyRows(page)
      .filter({ hasText: 'alex@demo.example.com' })
      .locator('td')
      .first()
      .textContent();
    await filter.getByRole('textbox', { name: 'User ID' }).fill(alexId!);
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');
    await page.keyboard.press('Escape');
    await expect.poll(() => filter.count()).toBe(0);
    await page.getByRole('button', { name: 'Filter' }).click();
    await filter.getByRole('textbox', { name: 'User ID' }).fill('');
    await expect.poll(() => range(page).textContent()).toBe(`1–${demoUsers} of ${demoUsers}`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).click();
    await expect.poll(() => filter.count()).toBe(0);

    // The role and status filters, from a later page: the list goes back to page 1 and counts only the matches.
    await choose(page, rowsPerPage, 'Rows per page', '10');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => range(page).textContent()).toBe(`11–20 of ${demoUsers}`);
    await page.getByRole('button', { name: 'Filter' }).click();
    await choose(page, filter, 'Role', 'Company Admin');
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');
    expect(await bodyRows(page).first().textContent()).toContain('coach');
    await choose(page, filter, 'Role', 'All');
    await expect.poll(() => range(page).textContent()).toBe(`1–10 of ${demoUsers}`);
    await choose(page, filter, 'Active', 'Not active');
    await expect.poll(() => range(page).textContent()).toBe('0–0 of 0');
    await choose(page, filter, 'Active', 'All');
    await expect.poll(() => range(page).textContent()).toBe(`1–10 of ${demoUsers}`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).click();
    await expect.poll(() => filter.count()).toBe(0);

    // On a 375 px phone the panel with its five filters stays on the screen.
    await page.setViewportSize({ width: 375, height: 667 });
    await page.getByRole('button', { name: 'Filter' }).click();
    const box = (await filter.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await filter.evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => filter.count()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await choose(page, rowsPerPage, 'Rows per page', '50');
    await expect.poll(() => range(page).textContent()).toBe(`1–${demoUsers} of ${demoUsers}`);

    // A file that is not CSV is not sent.
    const dialog = await importCsv(page, writeCsv('players.txt', `${csvHeader}\r\n`));
    await notice(page, 'Something went wrong...', 'alert');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the company administrator creates a user (a taken login is refused while typing), edits and deletes it', async () => {
    const { context, page, problems } = await app.openAs('coach');
    await openUsers(page);

    await page.getByRole('button', { name: 'Create user' }).click();
    const create = page.getByRole('dialog', { name: 'Create user' });
    const login = create.getByRole('textbox', { name: 'Login' });
    const submit = create.getByRole('button', { name: 'Create' });
    await login.fill('alex');
    // The server's refusal shows under the field and the form cannot be sent.
    await expect.poll(() => login.getAttribute('aria-invalid')).toBe('true');
    expect(await create.locator('.ui-field__error').first().textContent()).not.toBe('');
    expect(await submit.isDisabled()).toBe(true);

    await login.fill('newbie');
    await create.getByText('This login is available').waitFor();
    await create.getByRole('textbox', { name: 'Email' }).fill('newbie@demo.example.com');
    await create.getByRole('textbox', { name: 'Display name' }).fill('Newbie N.');
    await create.getByRole('textbox', { name: 'First name' }).fill('Nina');
    await create.getByRole('textbox', { name: 'Last name' }).fill('Newbie');
    await create.getByRole('textbox', { name: 'Phone number' }).fill('202 555 0177');
    await submit.click();
    await notice(page, 'Changes Saved.');
    await expect.poll(() => create.count()).toBe(0);

    await search(page, 'newbie');
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');
    const row = bodyRows(page).first();
    expect(await row.textContent()).toContain('newbie@demo.example.com');
    // The phone typed as '202 555 0177' is kept in E.164; the address breaks only after '@' and before dots.
    expect(await row.textContent()).toContain('+12025550177');
    expect(await row.getByTitle('newbie@demo.example.com').innerHTML()).toBe('newbie@<wbr>demo<wbr>.example<wbr>.com');
    expect(await row.getByRole('img', { name: 'Active' }).count()).toBe(1);

    await row.getByRole('button', { name: 'Edit Nina Newbie' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user newbie' });
    await edit.getByRole('textbox', { name: 'Display name' }).fill('Nina the New');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Changes Saved.');
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('Nina the New');

    await row.getByRole('button', { name: 'Delete Nina Newbie' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await notice(page, 'User Deleted.');
    await expect.poll(() => range(page).textContent()).toBe('0–0 of 0');
    expect(unexpectedProblems(problems, 409)).toEqual([]);
    await context.close();
  });

  it('the mail button mails the user a set-password link once confirmed; a second within 5 minutes shows the server’s wait', async () => {
    const { context, page, problems } = await app.openAs('coach');
    await openUsers(page);
    await search(page, 'fan05');
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');
    const mailButton = bodyRows(page).first().getByRole('button', { name: 'Send set-password mail to fan05' });

    await mailButton.click();
    const confirm = page.getByRole('dialog', { name: 'Send set-password mail' });
    expect(await confirm.textContent()).toContain('fan05@demo.example.com');
    await confirm.getByRole('button', { name: 'Send mail' }).click();
    await notice(page, 'Mail sent.');
    await expect.poll(() => confirm.count()).toBe(0);
    expect(mailsTo(app.stack.outboxDir, 'fan05@demo.example.com')).toHaveLength(1);

    await mailButton.click();
    await confirm.getByRole('button', { name: 'Send mail' }).click();
    await notice(page, 'A set-password mail went to fan05 less than 5 minutes ago', 'alert');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(mailsTo(app.stack.outboxDir, 'fan05@demo.example.com')).toHaveLength(1);
    expect(unexpectedProblems(problems, 429)).toEqual([]);
    await context.close();
  });

  it('who may view the users but not modify them sees no mail button (nor edit or delete)', async () => {
    const { context, page, problems } = await app.openAs(viewingFan, { password: fanPassword });
    await openUsers(page);
    expect(await usersTable(page).locator('thead th').last().textContent()).toBe('Active');
    expect(
      await usersTable(page)
        .getByRole('button', { name: /^Send set-password mail/ })
        .count(),
    ).toBe(0);
    expect(await usersTable(page).getByRole('button').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a CSV of 20 rows with 3 bad ones creates 17 users, reports the 3 lines, and importing it again creates none', async () => {
    const { context, page, problems } = await app.openAs('coach');
    await openUsers(page);

    const dialog = await importCsv(page, importFile());
    await dialog.getByText('17 users created, 3 lines refused').waitFor();
    await notice(page, 'Imported');
    const report = dialog.getByRole('table', { name: 'Refused lines' });
    const reported = await report
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));
    expect(reported.map(([, login]) => login)).toEqual(['csvbad1', 'csv01', 'csvbad3']);
    expect(reported.map(([line]) => Number(line))).toEqual([19, 20, 21]);
    expect(reported[0]![2]).toMatch(/e-?mail/i);
    expect(reported[1]![2]).toMatch(/login/i);
    expect(reported[2]![2]).toMatch(/role/i);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download refused lines' }).click(),
    ]);
    const refusedCsv = readFileSync((await download.path())!, 'utf8');
    expect(refusedCsv.split('\r\n')[0]).toBe('line,login,reason');
    expect(refusedCsv).toContain('19,csvbad1,');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await search(page, 'csv');
    await expect.poll(() => range(page).textContent()).toBe('1–17 of 17');

    const again = await importCsv(page, importFile());
    await again.getByText(/^0 users created/).waitFor();
    await again.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => range(page).textContent()).toBe('1–17 of 17');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the CSV dialog names the client’s roles and offers a template the import accepts once filled in', async () => {
    const { context, page, problems } = await app.openAs('coach');
    await page.getByRole('link', { name: 'All users' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Import CSV file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV file' });
    expect(await dialog.getByText(/^Roles of your client:/).textContent()).toContain('Bettor');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    const [header] = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(header).toBe('login,email,first name,last name,display name,phone,role,active');
    const filled = writeCsv(
      'from-template.csv',
      `${header}\r\ntmpl01,tmpl01@demo.example.com,Tem,Plate,Tem Plate,202 555 0193,Bettor,yes\r\n`,
    );
    await dialog.getByLabel('CSV file').setInputFiles(filled);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('1 user created, 0 lines refused').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
