// The administrators set follows a role's power to edit users (docs/invariants.md, Last administrator): a role edit
// moves its holders out of or into their client's set around its write, and the start-up's repair takes out members
// who administer no longer and adds a missed administrator only when the user item agrees.
import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import type { Client } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { startUp } from '../../functions/lifecycle/start-up.ts';
import { removeAdministrator } from '../../functions/store/administrators.ts';
import { keys } from '../../functions/store/keys.ts';
import { getRole } from '../../functions/store/roles.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { getUser } from '../../functions/store/users.ts';
import { memberWith, roleWith } from '../security/support/probe-tenants.ts';
import { admin, clientWithAdministrators, useAdministrationStack } from './support/administration.ts';
import { call } from './support/call.ts';

const given = useAdministrationStack();

/** Company admin's permissions but deleting users: a role of its own, with the power to edit users. */
const helperPermissions = companyAdminPermissions.filter((code) => code !== Permission.DeleteUsers);
const withoutEditUsers = helperPermissions.filter((code) => code !== Permission.EditUsers);

const setOf = async (client: Client) =>
  (await getItem<{ userIds?: Set<number> }>(given.stack.deps, keys.administrators(client.id)))?.userIds;

const editPermissions = async (roleId: number, permissions: readonly Permission[]) => {
  const role = (await getRole(given.stack.deps, roleId))!;
  return call(given.api, contracts.editRole, { id: role.id, name: role.name, permissions: [...permissions] }, admin);
};

const deleteUser = (client: Client, id: number) =>
  call(given.api, contracts.deleteUser, { id, clientId: client.id }, admin);

/**
 * A fresh client with one company admin and a clerk whose role lacks the power, whom the set counts nonetheless, as a
 * concurrent write (a role edit that gave the power, a user's older write) left it.
 */
async function clientCountingClerk(domain: string) {
  const { client, admins } = await clientWithAdministrators(domain, 1);
  const { deps } = given.stack;
  const clerk = await memberWith(deps, client, withoutEditUsers, { login: `${domain}-clerk` });
  const kept = admins[0]!;
  await putItem(deps, {
    ...keys.administrators(client.id),
    counted: true,
    userIds: new Set([kept.user.id, clerk.user.id]),
  });
  return { client, kept, clerk };
}

describe("a role's power to edit users, edited", () => {
  it('taken away takes its holders out of the set, so the last company admin cannot then be deleted', async () => {
    const { client, admins } = await clientWithAdministrators('role-loses-power', 1);
    const { deps } = given.stack;
    const helper = await memberWith(deps, client, helperPermissions, { login: 'role-loses-power-helper' });
    expect(await setOf(client)).toEqual(new Set([admins[0]!.user.id, helper.user.id]));

    expect((await editPermissions(helper.user.roleId, withoutEditUsers)).status).toBe(200);

    expect(await setOf(client)).toEqual(new Set([admins[0]!.user.id]));
    expect((await deleteUser(client, admins[0]!.user.id)).body).toMatchObject({ code: 'LAST_ADMINISTRATOR' });
  });

  it('taken away from the role of the last administrator is refused with 409 and changes nothing', async () => {
    const { client } = await clientWithAdministrators('role-of-last', 0);
    const { deps } = given.stack;
    const helper = await memberWith(deps, client, helperPermissions, { login: 'role-of-last-helper' });

    const refused = await editPermissions(helper.user.roleId, withoutEditUsers);

    expect(refused.body).toMatchObject({ code: 'LAST_ADMINISTRATOR' });
    expect((await getRole(deps, helper.user.roleId))!.permissions).toEqual(helperPermissions);
    expect(await setOf(client)).toEqual(new Set([helper.user.id]));
  });

  it('given adds its holders to the set', async () => {
    const { client, admins } = await clientWithAdministrators('role-gains-power', 1);
    const { deps } = given.stack;
    const clerk = await memberWith(deps, client, withoutEditUsers, { login: 'role-gains-power-clerk' });
    expect(await setOf(client)).toEqual(new Set([admins[0]!.user.id]));

    expect((await editPermissions(clerk.user.roleId, helperPermissions)).status).toBe(200);

    expect(await setOf(client)).toEqual(new Set([admins[0]!.user.id, clerk.user.id]));
  });
});

describe("a role edit's cost", () => {
  it("renaming a role without the power reads the set's members, never the client's users", async () => {
    const { client, clerk } = await clientCountingClerk('rename-cost');
    const { deps } = given.stack;
    await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        memberWith(deps, client, withoutEditUsers, { login: `rename-cost-player-${index}` }),
      ),
    );
    const usersQueried: string[] = [];
    const name = 'watchUserQueries';
    deps.db.middlewareStack.add(
      (next, context) => (args) => {
        const values = (args.input as { ExpressionAttributeValues?: Record<string, unknown> })
          .ExpressionAttributeValues;
        if (context.commandName === 'QueryCommand' && values?.[':sk'] === keys.userPrefix)
          usersQueried.push(String(values[':pk']));
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      const role = (await getRole(deps, clerk.user.roleId))!;
      const renamed = { id: role.id, name: 'Clerks', permissions: [...role.permissions] };
      expect((await call(given.api, contracts.editRole, renamed, admin)).status).toBe(200);
    } finally {
      deps.db.middlewareStack.remove(name);
    }
    expect(usersQueried).toEqual([]);
  });
});

describe('the set, after writes that raced a role edit', () => {
  it('a role edit refused at one holder gives back the holders it took out before', async () => {
    const { client } = await clientWithAdministrators('refused-midway', 0);
    const { deps } = given.stack;
    const first = await memberWith(deps, client, helperPermissions, { login: 'refused-midway-first' });
    const second = await memberWith(deps, client, helperPermissions, { login: 'refused-midway-second' });

    const refused = await editPermissions(first.user.roleId, withoutEditUsers);

    expect(refused.body).toMatchObject({ code: 'LAST_ADMINISTRATOR' });
    expect(await setOf(client)).toEqual(new Set([first.user.id, second.user.id]));
  });

  it('a user a role edit counted while their own edit moved them to a role without the power leaves the set', async () => {
    const { client, kept, clerk } = await clientCountingClerk('moved-off');
    const plain = await roleWith(given.stack.deps, client.id, [Permission.ViewOwnProfile]);
    const { firstName, lastName, displayName } = clerk.user;
    const moved = { id: clerk.user.id, firstName, lastName, displayName, roleId: plain.id };
    expect((await call(given.api, contracts.editUser, moved, kept.token)).status).toBe(200);

    expect(await setOf(client)).toEqual(new Set([kept.user.id]));
  });

  it('a holder a concurrent edit counted leaves the set when an edit leaves their role without the power', async () => {
    const { client, kept, clerk } = await clientCountingClerk('stale-role-copy');

    expect((await editPermissions(clerk.user.roleId, withoutEditUsers)).status).toBe(200);

    expect(await setOf(client)).toEqual(new Set([kept.user.id]));
  });

  it('a profile edit of a user counted without the power takes them out', async () => {
    const { client, kept, clerk } = await clientCountingClerk('profile-edit');
    const { firstName, lastName } = clerk.user;
    const own = { id: clerk.user.id, firstName, lastName, displayName: 'Renamed Clerk' };
    expect((await call(given.api, contracts.editUser, own, clerk.token)).status).toBe(200);

    expect(await setOf(client)).toEqual(new Set([kept.user.id]));
  });

  it('a deleted user a role edit counted meanwhile leaves the set', async () => {
    const { client, kept, clerk } = await clientCountingClerk('deleted-counted');

    expect((await deleteUser(client, clerk.user.id)).status).toBe(200);

    expect(await setOf(client)).toEqual(new Set([kept.user.id]));
  });
});

describe("the start-up's repair of a client's set", () => {
  it('takes out a member who administers no longer, and adds no one whose directory row trails their user item', async () => {
    // The set holds a member who never administered, as an older version's role edit could leave it.
    const { client, kept } = await clientCountingClerk('repair-both-ways');
    const { deps } = given.stack;
    const demoted = await memberWith(deps, client, helperPermissions, { login: 'repair-both-ways-demoted' });
    await removeAdministrator(deps, demoted.user);
    // A demotion's user write landed, its directory row did not (a crash between the two), and the set gave them up.
    const plain = await roleWith(deps, client.id, withoutEditUsers);
    const user = (await getUser(deps, client.id, demoted.user.id))!;
    await putItem(deps, { ...keys.user(client.id, user.id), ...user, roleId: plain.id });

    await startUp({ ...deps, clock: fixedClock(new Date(deps.clock.now().getTime() + 16 * 60_000)) });

    expect(await setOf(client)).toEqual(new Set([kept.user.id]));
    expect((await deleteUser(client, kept.user.id)).body).toMatchObject({ code: 'LAST_ADMINISTRATOR' });
  });
});
