// A role deleted while it is given (docs/invariants.md, inv-2b): a delete counts the role's holders after its archive and
// an edit giving the role checks it live after its write, so whichever lands second sees the first and backs off; a
// holder left with a deleted role all the same (an account made with it meanwhile) holds no permission.
import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import type { User } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { keys } from '../../functions/store/keys.ts';
import { getRole } from '../../functions/store/roles.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { startUp } from '../../functions/lifecycle/start-up.ts';
import { getUser, saveProfile } from '../../functions/store/users.ts';
import { listDirectory } from '../../functions/store/user-directory.ts';
import { memberWith, probePassword } from '../security/support/probe-tenants.ts';
import { admin, clientWithAdministrators, useAdministrationStack } from './support/administration.ts';
import { call } from './support/call.ts';
import { stage, staged } from './support/stage.ts';

const given = useAdministrationStack();

/** A client with an administrator, a fan holding a role of its own, and a role 'Scout' nobody holds yet. */
async function clientWithScout(domain: string) {
  const { client, admins } = await clientWithAdministrators(domain, 1);
  const token = admins[0]!.token;
  const fan = (await memberWith(given.stack.deps, client, [Permission.ViewOwnProfile], { login: `${domain}-fan` }))
    .user;
  const scout = await call(
    given.api,
    contracts.createRole,
    { name: 'Scout', permissions: [Permission.ViewOwnProfile] },
    token,
  );
  return { client, token, fan, scout: (await getRole(given.stack.deps, scout.body.id))! };
}

const giveRole = (fan: User, roleId: number, token: string) =>
  call(given.api, contracts.editUser, { ...fan, displayName: 'Renamed Fan', pickReminders: false, roleId }, token);

describe('a role deleted while it is given to a user', () => {
  it('given between the delete’s count and its archive: the delete is 409 and the role stays, name and holder', async () => {
    const { client, token, fan, scout } = await clientWithScout('scout-given-first');
    const { deps } = given.stack;
    let gave: Awaited<ReturnType<typeof giveRole>> | undefined;
    let twin: Awaited<ReturnType<typeof call>> | undefined;
    const archived = async () => !!(await getRole(deps, scout.id))?.archivedAt;
    const deleted = await staged(
      [
        stage(
          given.stack.deps.db,
          'UpdateItemCommand',
          ['archivedAt', 'ROLE#'],
          async () => (gave = await giveRole(fan, scout.id, token)),
        ),
        // The delete's second count of the holders, the role archived: its name is not free meanwhile.
        stage(
          given.stack.deps.db,
          'QueryCommand',
          [`CLIENT#${client.id}`, 'USER#'],
          async () => (twin = await call(given.api, contracts.createRole, { name: 'scout', permissions: [] }, token)),
          archived,
        ),
      ],
      () => call(given.api, contracts.deleteRole, { id: scout.id }, token),
    );
    expect(gave?.status).toBe(200);
    expect(twin?.body).toMatchObject({ error: "A role named 'scout' already exists", code: 'ROLE_NAME_TAKEN' });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ error: '1 user still holds this role', code: 'ROLE_IN_USE' });
    expect((await getRole(deps, scout.id))?.archivedAt).toBeUndefined();
    expect(await getItem(deps, keys.roleNameClaim(client.id, 'Scout'))).toMatchObject({ holderId: scout.id });
    expect(await getUser(deps, client.id, fan.id)).toMatchObject({ roleId: scout.id });
    const roles = (await call(given.api, contracts.roleList, { limit: 100 }, token)).body.data;
    expect(roles.filter((role) => role.name.toLowerCase() === 'scout').map((role) => role.id)).toEqual([scout.id]);
  });

  it('deleted between the edit’s read of the role and its write: the edit is 403 and undone, others’ changes kept', async () => {
    const { client, token, fan, scout } = await clientWithScout('scout-deleted-first');
    const { deps } = given.stack;
    expect(fan.pickReminders).toBeUndefined();
    let deleted: Awaited<ReturnType<typeof call>> | undefined;
    const change = async (fields: Partial<User>) => {
      const now = (await getUser(deps, client.id, fan.id))!;
      await saveProfile(deps, now, { ...now, ...fields });
    };
    const holdsScout = async () => (await getUser(deps, client.id, fan.id))?.roleId === scout.id;
    const edit = await staged(
      [
        // Before the edit's write: the delete, and a field the edit does not write.
        stage(given.stack.deps.db, 'UpdateItemCommand', ['USER#', 'roleId', String(scout.id)], async () => {
          deleted = await call(given.api, contracts.deleteRole, { id: scout.id }, token);
          await change({ middleName: 'Q' });
        }),
        // After it, as it reads the role again: another administrator renames the user.
        stage(
          given.stack.deps.db,
          'GetItemCommand',
          ['"ROLES"', 'ROLE#'],
          () => change({ displayName: 'Renamed Meanwhile' }),
          holdsScout,
        ),
      ],
      () => giveRole(fan, scout.id, token),
    );
    expect(deleted?.status).toBe(200);
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({
      error: `The role ${scout.id} is not a role of ${client.name}`,
      code: 'ROLE_NOT_OFFERED',
    });
    const stored = await getUser(deps, client.id, fan.id);
    // The edit wrote the role, the display name, the reminders and the phone (as E.164): each goes back but the name.
    expect(stored).toMatchObject({
      roleId: fan.roleId,
      phoneNumber: fan.phoneNumber,
      displayName: 'Renamed Meanwhile',
      middleName: 'Q',
    });
    expect(stored).not.toHaveProperty('pickReminders');
    const row = (await listDirectory(deps, client.id)).find((each) => each.id === fan.id);
    expect(row).toMatchObject({ roleId: fan.roleId, displayName: 'Renamed Meanwhile' });
    expect((await getRole(deps, scout.id))?.archivedAt).toBeDefined();
  });
});

/** As an account made with a role while a delete of it ran leaves it: the role archived under its holder. */
async function archiveUnder(roleId: number) {
  const { deps } = given.stack;
  const role = (await getRole(deps, roleId))!;
  await putItem(deps, { ...keys.role(role.id), ...role, archivedAt: deps.clock.now().toISOString() });
}

describe('a user left holding a deleted role', () => {
  it('is refused with ROLE_DELETED, at sign-in too, until an administrator gives them another role', async () => {
    const { client, token, scout } = await clientWithScout('scout-held-deleted');
    const { deps } = given.stack;
    const held = await memberWith(deps, client, [Permission.ViewOwnProfile, Permission.ViewClients], {
      login: 'scout-held-deleted-viewer',
    });
    await archiveUnder(held.user.roleId);

    const refusal = {
      error: 'Your role has been deleted: ask an administrator of your client to give you another',
      code: 'ROLE_DELETED',
    };
    expect((await call(given.api, contracts.currentUser, {}, held.token)).body).toMatchObject(refusal);
    expect((await call(given.api, contracts.clientList, {}, held.token)).body).toMatchObject(refusal);
    const signIn = { login: held.user.login, password: probePassword, domain: client.domain };
    const refused = await call(given.api, contracts.signIn, signIn);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject(refusal);

    // The Users page tells the administrators, whose Edit User dialog asks for another role.
    const listed = async () => (await call(given.api, contracts.userList, { id: held.user.id }, token)).body.data[0];
    expect(await listed()).toMatchObject({ roleId: held.user.roleId, roleDeleted: true });

    expect((await giveRole(held.user, scout.id, token)).status).toBe(200);
    expect(await listed()).not.toHaveProperty('roleDeleted');
    const signedIn = await call(given.api, contracts.signIn, signIn);
    expect(signedIn.status).toBe(200);
    const me = await call(given.api, contracts.currentUser, {}, signedIn.body.access_token);
    expect(me.body).toMatchObject({ id: held.user.id, roleId: scout.id });
  });

  it('administers nothing: once the start-up counts them out, the last real administrator is not deleted', async () => {
    const { client, admins } = await clientWithAdministrators('scout-held-admin', 1);
    const { deps } = given.stack;
    const other = await memberWith(deps, client, [...companyAdminPermissions, Permission.ViewClients], {
      login: 'scout-held-admin-other',
    });
    await archiveUnder(other.user.roleId);
    await startUp(deps);
    const last = admins[0]!.user.id;
    const answer = await call(given.api, contracts.deleteUser, { id: last, clientId: client.id }, admin);
    expect(answer.body).toMatchObject({ code: 'LAST_ADMINISTRATOR' });
    expect(await getUser(deps, client.id, last)).not.toHaveProperty('deletedAt');
  });
});
