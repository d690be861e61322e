// What the administration's invariant tests share (docs/invariants.md): the stack, the system administrator signed in
// before the tests, a fresh client with company administrators, and the calls that add a method and create a user.
import { beforeAll } from 'vitest';
import type { Client } from '#domain/auth/user.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { adminPassword } from '../../../functions/seed/demo-seed.ts';
import { createTenant, memberWith } from '../../security/support/probe-tenants.ts';
import { call } from './call.ts';
import { useTestStack } from './test-stack.ts';

let given: ReturnType<typeof useTestStack>;
// Signed in before the test file's tests run (useAdministrationStack).
export let admin: string;

/** One stack for the test file, and the system administrator signed in on it. */
export function useAdministrationStack() {
  given = useTestStack();
  beforeAll(async () => {
    admin = await given.api.signIn('admin', adminPassword, 'admin');
  });
  return given;
}

export const addMethod = (body: RequestOf<typeof contracts.addMethod>) =>
  call(given.api, contracts.addMethod, body, admin);
export const methodsOf = async (client: Client) =>
  (await call(given.api, contracts.methodList, { clientId: client.id }, admin)).body;
export const createUser = (form: RequestOf<typeof contracts.createUser>, token: string) =>
  call(given.api, contracts.createUser, form, token);

/** A fresh client with `count` company administrators. */
export async function clientWithAdministrators(domain: string, count: number) {
  const client = await createTenant(given.stack.deps, `Race ${domain}`, domain);
  const admins = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      memberWith(given.stack.deps, client, companyAdminPermissions, { login: `${domain}-admin-${index}` }),
    ),
  );
  return { client, admins };
}
