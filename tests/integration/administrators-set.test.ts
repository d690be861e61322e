// The administrators set follows a role's power to edit users (docs/invariants.md, Last administrator): a role edit
// moves its holders out of or into their client's set around its write, and the start-up's repair takes out members
// who administer no longer and adds a missed administrator only when the user item agrees.
import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import type { Client } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { startUp } from '../../functions/lifecycle/start-up.ts';
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
    const { client, admins } = await clientWithAdministrators('moved-off', 1);
    const { deps } = given.stack;
    const clerk = await memberWith(deps, client, withoutEditUsers, { login: 'moved-off-clerk' });
    const plain = await roleWith(deps, client.id, [Permission.ViewOwnProfile]);
    // As a role edit giving the clerk's role the power counted the clerk, just before the clerk's move was saved.
    await putItem(deps, {
      ...keys.administrators(client.id),
      counted: true,
      userIds: new Set([admins[0]!.user.id, clerk.user.id]),
    });
    const { firstName, lastName, displayName } = clerk.user;
    const moved = { id: clerk.user.id, firstName, lastName, displayName, roleId: plain.id };
    expect((await call(given.api, contracts.editUser, moved, admins[0]!.token)).status).toBe(200);

    expect(await setOf(client)).toEqual(new Set([admins[0]!.user.id]));
  });

  it('a holder a concurrent edit counted leaves the set when an edit leaves their role without the power', async () => {
    const { client, admins } = await clientWithAdministrators('stale-role-copy', 1);
    const { deps } = given.stack;
    const clerk = await memberWith(deps, client, withoutEditUsers, { login: 'stale-role-copy-clerk' });
    // As an edit giving the role the power counted the clerk before this edit's older copy of the role was written.
    await putItem(deps, {
      ...keys.administrators(client.id),
      counted: true,
      userIds: new Set([admins[0]!.user.id, clerk.user.id]),
    });

    expect((await editPermissions(clerk.user.roleId, withoutEditUsers)).status).toBe(200);

    expect(await setOf(client)).toEqual(new Set([admins[0]!.user.id]));
  });

  it('a profile edit of a user counted without the power takes them out', async () => {
    const { client, admins } = await clientWithAdministrators('profile-edit', 1);
    const { deps } = given.stack;
    const clerk = await memberWith(deps, client, withoutEditUsers, { login: 'profile-edit-clerk' });
    await putItem(deps, {
      ...keys.administrators(client.id),
      counted: true,
      userIds: new Set([admins[0]!.user.id, clerk.user.id]),
    });
    const { firstName, lastName } = clerk.user;
    const own = { id: clerk.user.id, firstName, lastName, displayName: 'Renamed Clerk' };
    expect((await call(given.api, contracts.editUser, own, clerk.token)).status).toBe(200);

    expect(await setOf(client)).toEqual(new Set([admins[0]!.user.id]));
  });

  it('a deleted user a role edit counted meanwhile leaves the set', async () => {
    const { client, admins } = await clientWithAdministrators('deleted-counted', 1);
    const { deps } = given.stack;
    const clerk = await memberWith(deps, client, withoutEditUsers, { login: 'deleted-counted-clerk' });
    await putItem(deps, {
      ...keys.administrators(client.id),
      counted: true,
      userIds: new Set([admins[0]!.user.id, clerk.user.id]),
    });

    expect((await deleteUser(client, clerk.user.id)).status).toBe(200);

    expect(await setOf(client)).toEqual(new Set([admins[0]!.user.id]));
  });
});

describe("the start-up's repair of a client's set", () => {
  it('takes out a member who administers no longer, and adds no one whose directory row trails their user item', async () => {
    const { client, admins } = await clientWithAdministrators('repair-both-ways', 1);
    const { deps } = given.stack;
    const clerk = await memberWith(deps, client, withoutEditUsers, { login: 'repair-both-ways-clerk' });
    const demoted = await memberWith(deps, client, helperPermissions, { login: 'repair-both-ways-demoted' });
    const kept = admins[0]!.user.id;
    // The set holds a member who never administered, as an older version's role edit could leave it.
    await putItem(deps, { ...keys.administrators(client.id), counted: true, userIds: new Set([kept, clerk.user.id]) });
    // A demotion's user write landed, its directory row did not (a crash between the two), and the set gave them up.
    const plain = await roleWith(deps, client.id, withoutEditUsers);
    const user = (await getUser(deps, client.id, demoted.user.id))!;
    await putItem(deps, { ...keys.user(client.id, user.id), ...user, roleId: plain.id });

    await startUp(deps);

    expect(await setOf(client)).toEqual(new Set([kept]));
    expect((await deleteUser(client, kept)).body).toMatchObject({ code: 'LAST_ADMINISTRATOR' });
  });
});
