// A role deleted while it is given (docs/invariants.md, inv-2b): a delete counts the role's holders after its archive and
// an edit giving the role checks it live after its write, so whichever lands second sees the first and backs off; a
// holder left with a deleted role all the same (an account made with it meanwhile) holds no permission.
import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import type { User } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { keys } from '../../functions/store/keys.ts';
import { getRole } from '../../functions/store/roles.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { getUser } from '../../functions/store/users.ts';
import { memberWith, probePassword } from '../security/support/probe-tenants.ts';
import { clientWithAdministrators, useAdministrationStack } from './support/administration.ts';
import { call } from './support/call.ts';

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
  call(given.api, contracts.editUser, { ...fan, displayName: 'Renamed Fan', roleId }, token);

/** Runs `first` once, just before the first write the stack sends whose input mentions every one of `marks`. */
async function withFirstBefore<T>(marks: string[], first: () => Promise<unknown>, run: () => Promise<T>) {
  const { db } = given.stack.deps;
  let ran = false;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const input = JSON.stringify(args.input);
      if (!ran && context.commandName === 'UpdateItemCommand' && marks.every((mark) => input.includes(mark))) {
        ran = true;
        await first();
      }
      return next(args);
    },
    { step: 'initialize', name: 'firstBefore' },
  );
  try {
    return await run();
  } finally {
    db.middlewareStack.remove('firstBefore');
  }
}

describe('a role deleted while it is given to a user', () => {
  it('given between the delete’s count and its archive: the delete is 409, the role stays with its name and holder', async () => {
    const { client, token, fan, scout } = await clientWithScout('scout-given-first');
    let gave: Awaited<ReturnType<typeof giveRole>> | undefined;
    const deleted = await withFirstBefore(
      ['SET archivedAt', `ROLE#`],
      async () => (gave = await giveRole(fan, scout.id, token)),
      () => call(given.api, contracts.deleteRole, { id: scout.id }, token),
    );
    expect(gave?.status).toBe(200);
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ error: '1 user still holds this role', code: 'ROLE_IN_USE' });
    expect((await getRole(given.stack.deps, scout.id))?.archivedAt).toBeUndefined();
    expect(await getItem(given.stack.deps, keys.roleNameClaim(client.id, 'Scout'))).toMatchObject({
      holderId: scout.id,
    });
    expect(await getUser(given.stack.deps, client.id, fan.id)).toMatchObject({ roleId: scout.id });
    const roles = (await call(given.api, contracts.roleList, { limit: 100 }, token)).body.data;
    expect(roles.map((role) => role.name)).toContain('Scout');
  });

  it('deleted between the edit’s read of the role and its write: the edit is 403 ROLE_NOT_OFFERED and changes nothing', async () => {
    const { client, token, fan, scout } = await clientWithScout('scout-deleted-first');
    let deleted: Awaited<ReturnType<typeof call>> | undefined;
    const edit = await withFirstBefore(
      [`USER#`, 'roleId', String(scout.id)],
      async () => (deleted = await call(given.api, contracts.deleteRole, { id: scout.id }, token)),
      () => giveRole(fan, scout.id, token),
    );
    expect(deleted?.status).toBe(200);
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({
      error: `The role ${scout.id} is not a role of ${client.name}`,
      code: 'ROLE_NOT_OFFERED',
    });
    expect(await getUser(given.stack.deps, client.id, fan.id)).toMatchObject({
      roleId: fan.roleId,
      displayName: fan.displayName,
    });
    expect((await getRole(given.stack.deps, scout.id))?.archivedAt).toBeDefined();
  });
});

describe('a user left holding a deleted role', () => {
  it('is refused with ROLE_DELETED, at sign-in too, until an administrator gives them another role', async () => {
    const { client, token, scout } = await clientWithScout('scout-held-deleted');
    const { deps } = given.stack;
    const held = await memberWith(deps, client, [Permission.ViewOwnProfile, Permission.ViewClients], {
      login: 'scout-held-deleted-viewer',
    });
    const role = (await getRole(deps, held.user.roleId))!;
    // As an account made with the role while a delete of it ran leaves it: the role archived under its holder.
    await putItem(deps, { ...keys.role(role.id), ...role, archivedAt: deps.clock.now().toISOString() });

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

    expect((await giveRole(held.user, scout.id, token)).status).toBe(200);
    const signedIn = await call(given.api, contracts.signIn, signIn);
    expect(signedIn.status).toBe(200);
    const me = await call(given.api, contracts.currentUser, {}, signedIn.body.access_token);
    expect(me.body).toMatchObject({ id: held.user.id, roleId: scout.id });
  });
});
