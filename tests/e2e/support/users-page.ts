// What the Users page tests share: the demo with 30 fans more (the last may view the users but not modify them), and
// the page's table, pages, search, filters and notices.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { bettorPermissions, bettorRoleName } from '#domain/auth/standard-roles.ts';
import { type Role, RoleType, UserStatus } from '#domain/auth/user.ts';
import { demoDomain } from '#domain/tenancy/tenant-domain.ts';
import { findClientByDomain } from '../../../functions/store/clients.ts';
import { listAllRoles } from '../../../functions/store/roles.ts';
import { putRole } from '../../support/put-role.ts';
import { createUser } from '../../../functions/store/account-claims.ts';
import { useBrowserStack } from './browser-stack.ts';

/**
 * The demo client has the coach and 12 bettors; 30 fans more make every page size page. The last fan may view the
 * users but not modify them.
 */
const fans = Array.from({ length: 30 }, (_, index) => `fan${String(index + 1).padStart(2, '0')}`);
export const demoUsers = 13 + fans.length;
export const viewingFan = fans.at(-1)!;
export const fanPassword = 'fan-password-secret';

/** One demo stack for the test file, its fans and their viewer role added. */
export function useUsersStack() {
  return useBrowserStack(undefined, {
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
}

/** A toast; its text follows a visually hidden 'Success:' or 'Error:'. */
export const notice = (page: Page, text: string, role: 'status' | 'alert' = 'status') =>
  page.getByRole(role).filter({ hasText: text }).first().waitFor();

export const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
export const bodyRows = (page: Page) => usersTable(page).locator('tbody tr');
/** The list's range once its rows are those asked for (an earlier search's stay, dimmed, while it is busy). */
export const range = (page: Page) =>
  page
    .locator('section:not([aria-busy="true"])')
    .getByRole('navigation', { name: 'Users pages' })
    .locator('.ui-pagination__range');

export async function choose(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('button', { name: new RegExp(`^${label} `) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
}

export async function openUsers(page: Page) {
  await page.getByRole('link', { name: 'All users' }).click();
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  await expect.poll(() => range(page).textContent()).toBe(`1–${demoUsers} of ${demoUsers}`);
}
