// The company administrator manages the client's users from the Users page: finds them (search, filter,
// 10/25/50 per page), creates one (the login check refuses a taken login), edits (names and role), mails a
// set-password link to and deletes them; who may only view the users gets no buttons. The table fits a 1366-px
// screen and shows phones grouped as people read them.
import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { RoleType, UserStatus } from '#domain/auth/user.ts';
import { demoDomain } from '#domain/tenancy/tenant-domain.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listAllRoles, putRole } from '../../functions/store/roles.ts';
import { createUser } from '../../functions/store/account-claims.ts';
import { unexpectedProblems } from './support/app.ts';
import { mailsTo, passwordLinkMail } from '../support/outbox.ts';
import { csvHeader, importCsv, writeCsv } from './support/users-csv.ts';
import {
  bodyRows,
  choose,
  demoUsers,
  fanPassword,
  notice,
  openUsers,
  range,
  search,
  useUsersStack,
  usersTable,
  viewingFan,
} from './support/users-page.ts';

const app = useUsersStack();

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

  it('the company administrator creates a user (a taken login is refused while typing), edits their names and role, and deletes them', async () => {
    // A role of the client holding a permission the coach lacks: the coach may not give it, so it is not offered.
    await putRole(app.stack.deps, {
      id: await app.stack.deps.ids.next('role'),
      name: 'League Manager',
      clientId: (await findClientByDomain(app.stack.deps, demoDomain))!.id,
      roleType: RoleType.UserCreated,
      permissions: [Permission.ViewOwnProfile, Permission.ViewUsers, Permission.DeleteClients],
    });
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
    // The phone typed as '202 555 0177' is kept in E.164 and shown grouped; the address breaks only after '@' and before dots.
    await expect.poll(() => row.locator('td').nth(5).textContent()).toBe('+1 202 555 0177');
    expect(await row.getByTitle('newbie@demo.example.com').innerHTML()).toBe('newbie@<wbr>demo<wbr>.example<wbr>.com');
    expect(await row.getByRole('img', { name: 'Active' }).count()).toBe(1);

    await row.getByRole('button', { name: 'Edit Nina Newbie' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user newbie' });
    await edit.getByRole('textbox', { name: 'Display name' }).fill('Nina the New');
    // The roles offered are the client's that hold no permission the coach lacks.
    const role = edit.getByRole('button', { name: /^Role / });
    await expect.poll(() => role.textContent()).toContain('Bettor');
    await role.click();
    await expect
      .poll(() => page.getByRole('option').allTextContents())
      .toEqual(['Bettor', 'Company Admin', 'Users Viewer']);
    await page.getByRole('option', { name: 'Company Admin', exact: true }).click();
    await edit.getByText('newbie is signed out and signs in again under the new role.').waitFor();
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Changes Saved.');
    await expect.poll(() => edit.count()).toBe(0);
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('Nina the New');
    // The list answers with the new role: filtered by it, the user is there.
    await page.getByRole('button', { name: 'Filter' }).click();
    await choose(page, page.getByRole('dialog', { name: 'Filter users' }), 'Role', 'Company Admin');
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Edit Nina Newbie' }).click();
    await expect.poll(() => edit.getByRole('button', { name: /^Role / }).textContent()).toContain('Company Admin');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => edit.count()).toBe(0);
    await page.getByRole('button', { name: 'Filter' }).click();
    await choose(page, page.getByRole('dialog', { name: 'Filter users' }), 'Role', 'All');
    await page.keyboard.press('Escape');

    // Nobody changes their own role: the coach's own Edit has no Role.
    await search(page, 'coach@');
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');
    await bodyRows(page).first().getByRole('button', { name: 'Edit Chris Coach' }).click();
    const own = page.getByRole('dialog', { name: 'Edit user coach' });
    await own.getByRole('textbox', { name: 'Display name' }).waitFor();
    expect(await own.getByRole('button', { name: /^Role / }).count()).toBe(0);
    await own.getByRole('button', { name: 'Cancel' }).click();
    await search(page, 'newbie');
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');

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
    expect(mailsTo(app.stack.outboxDir, 'fan05@demo.example.com', passwordLinkMail)).toHaveLength(1);

    await mailButton.click();
    await confirm.getByRole('button', { name: 'Send mail' }).click();
    await notice(page, 'A set-password mail went to fan05 less than 5 minutes ago', 'alert');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(mailsTo(app.stack.outboxDir, 'fan05@demo.example.com', passwordLinkMail)).toHaveLength(1);
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

  it('the table fits a 1366-px screen, long names and all, Delete in view; on a phone only the table scrolls sideways', async () => {
    const demo = (await findClientByDomain(app.stack.deps, demoDomain))!;
    const bettor = (await listAllRoles(app.stack.deps)).find(
      (role) => role.clientId === demo.id && role.name === 'Bettor',
    )!;
    await createUser(app.stack.deps, {
      id: await app.stack.deps.ids.next('user'),
      clientId: demo.id,
      login: 'maximilian.worthington',
      displayName: 'The Commissioner’s Favourite Nephew',
      emailAddress: 'maximilian.worthington@league-office.example.com',
      firstName: 'Maximilian Alexander',
      lastName: 'Worthington-Smythe',
      middleName: '',
      phoneNumber: '+442071838750',
      status: UserStatus.Active,
      roleId: bettor.id,
      passwordHash: await app.stack.deps.passwords.hash(fanPassword),
      dateCreated: new Date().toISOString(),
    });
    const { context, page, problems } = await app.openAs('coach', {
      viewport: { width: 1366, height: 768 },
      timezoneId: 'Asia/Tokyo',
    });
    await page.goto(`${app.stack.url}/#/users`);
    await search(page, 'worthington');
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');
    const row = bodyRows(page).first();
    await expect.poll(() => row.locator('td').nth(5).textContent()).toBe('+44 20 7183 8750');
    await search(page, '');
    await expect.poll(() => range(page).textContent()).toBe(`1–${demoUsers + 1} of ${demoUsers + 1}`);

    // Nothing scrolls sideways, and every row's Delete lies inside the table's box.
    const fit = () =>
      page.evaluate(() => {
        const wrap = document.querySelector<HTMLElement>('.users .ui-table-wrap')!;
        const box = wrap.getBoundingClientRect();
        const deletes = [...wrap.querySelectorAll('button')].filter((button) =>
          button.getAttribute('aria-label')?.startsWith('Delete '),
        );
        // How far the page scrolls sideways (none is 0).
        const { scrollWidth, clientWidth } = document.documentElement;
        return {
          page: Math.max(0, scrollWidth - clientWidth),
          table: wrap.scrollWidth - wrap.clientWidth,
          deletes: deletes.length,
          clipped: deletes.filter((button) => button.getBoundingClientRect().right > box.right).length,
        };
      });
    await expect.poll(fit).toEqual({ page: 0, table: 0, deletes: demoUsers, clipped: 0 });
    expect(await page.getByText('Scroll sideways for more columns').count()).toBe(0);

    // On a phone the page keeps its width; the table scrolls inside itself and says so.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await fit()).page).toBe(0);
    expect((await fit()).table).toBeGreaterThan(0);
    await page.getByText('Scroll sideways for more columns').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
