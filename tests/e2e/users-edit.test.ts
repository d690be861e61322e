// The company administrator manages the client's users from the Users page: creates one (the login check refuses a
// taken login), edits (names and role), mails a set-password link to and deletes them; who may only view the users
// gets no buttons.
import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { RoleType } from '#domain/auth/user.ts';
import { demoDomain } from '#domain/tenancy/tenant-domain.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { putRole } from '../support/put-role.ts';
import { tenantUrl, unexpectedProblems } from './support/app.ts';
import { mailsTo, passwordLinkMail } from '../support/outbox.ts';
import {
  bodyRows,
  choose,
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

  it('the system administrator edits the names of a user of the client the page shows', async () => {
    const url = tenantUrl(app.stack.url, 'admin');
    const { context, page, problems } = await app.openAs('admin', { url, password: 'pickem-admin' });
    await page.goto(`${url}/#/users`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Filter' }).click();
    await choose(page, page.getByRole('dialog', { name: 'Filter users' }), 'Client', 'Demo');
    await page.keyboard.press('Escape');
    await search(page, `${viewingFan}@`);
    // The system client's one user is also '1–1 of 1': the row must be the fan's.
    await expect.poll(() => range(page).textContent()).toBe('1–1 of 1');
    const row = bodyRows(page).first();
    await expect.poll(() => row.textContent()).toContain(`${viewingFan}@`);
    await row.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: `Edit user ${viewingFan}` });
    await edit.getByRole('textbox', { name: 'Display name' }).fill('Fan Renamed');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Changes Saved.');
    await expect.poll(() => edit.count()).toBe(0);
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('Fan Renamed');
    expect(problems).toEqual([]);
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
});
