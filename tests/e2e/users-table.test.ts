// The Users page's table: the company administrator finds the client's users (search, filter, 10/25/50 per page); the
// table fits a 1366-px screen, long names and all, and shows phones grouped as people read them; on a phone only the
// table scrolls sideways.
import { describe, expect, it } from 'vitest';
import { UserStatus } from '#domain/auth/user.ts';
import { demoDomain } from '#domain/tenancy/tenant-domain.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listAllRoles } from '../../functions/store/roles.ts';
import { createUser } from '../../functions/store/account-claims.ts';
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
