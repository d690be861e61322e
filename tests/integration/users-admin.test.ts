// An administrator creates and deletes users: who may create whom, with which role, past the client's login
// directory; and who may be deleted.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { type Role, RoleType, UserStatus } from '#domain/auth/user.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listAllRoles } from '../../functions/store/roles.ts';
import { putRole } from '../support/put-role.ts';
import { createUser, findUserByLogin } from '../../functions/store/account-claims.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';
import { lastMailTo, passwordLinkMail } from '../support/outbox.ts';

const given = useTestStack();
const linkTokenIn = (mail: string | undefined) => /reset-password\?token=([\w-]+)/.exec(mail ?? '')?.[1];

let demoId: number;
let rivalId: number;
let coach: string;
let admin: string;
let roles: Role[];
const roleNamed = (clientId: number, name: string) =>
  roles.find((role) => role.clientId === clientId && role.name === name)!;

beforeAll(async () => {
  demoId = (await findClientByDomain(given.stack.deps, 'demo'))!.id;
  rivalId = (await findClientByDomain(given.stack.deps, 'rival'))!.id;
  coach = await given.api.signIn('coach');
  admin = await given.api.signIn('admin', adminPassword, 'admin');
  roles = await listAllRoles(given.stack.deps);
});

type NewUserFields = RequestOf<typeof contracts.createUser>;

const person = (login: string, extra: Partial<NewUserFields> = {}): NewUserFields => ({
  login,
  emailAddress: `${login}@players.example.com`,
  displayName: `${login} D.`,
  firstName: 'New',
  lastName: 'Member',
  ...extra,
});
const create = (token: string, form: NewUserFields) => call(given.api, contracts.createUser, form, token);
const remove = (token: string, id: number, clientId?: number) =>
  call(given.api, contracts.deleteUser, { id, clientId }, token);
const listed = async (token: string, search: string, clientId?: number) =>
  (await call(given.api, contracts.userList, { search, limit: 50, clientId }, token)).body;
const me = (token: string) => call(given.api, contracts.currentUser, {}, token);
const signIn = (login: string, password: string) =>
  call(given.api, contracts.signIn, { login, password, domain: 'demo' });
const choosePassword = (mail: string | undefined, newPassword: string) =>
  call(given.api, contracts.resetPassword, { token: linkTokenIn(mail)!, newPassword });

/** A user of the demo client holding the given role, signed in with a password of their own. */
async function signedInWithRole(login: string, role: Role) {
  await createUser(given.stack.deps, {
    id: await given.stack.deps.ids.next('user'),
    clientId: role.clientId!,
    login,
    displayName: login,
    emailAddress: `${login}@demo.example.com`,
    firstName: 'Role',
    lastName: 'Holder',
    middleName: '',
    phoneNumber: '',
    status: UserStatus.Active,
    roleId: role.id,
    passwordHash: await given.stack.deps.passwords.hash('role-holder-pass'),
    dateCreated: new Date().toISOString(),
  });
  return given.api.signIn(login, 'role-holder-pass');
}

describe('User/create', () => {
  it('a company administrator creates a Bettor who appears in the list, gets a link by mail, chooses a password and signs in', async () => {
    const answer = await create(coach, person('newcomer', { phoneNumber: '+1 202 555 0177' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      login: 'newcomer',
      role: 'Bettor',
      client: 'Demo',
      clientId: demoId,
      active: UserStatus.Active,
    });
    expect(answer.body).not.toHaveProperty('passwordHash');
    expect((await listed(coach, 'NEWCOMER')).data.map((row) => row.login)).toEqual(['newcomer']);

    // No password exists until the user chooses one: any password is wrong, never a server error.
    const guessed = await signIn('newcomer', 'anything');
    expect(guessed.status).toBe(401);

    const mail = lastMailTo(given.stack.outboxDir, 'newcomer@players.example.com', passwordLinkMail);
    expect(mail).toMatch(/Subject: Your Pick'em account at Demo/);
    expect(mail).toContain('within a day');
    const chosen = await choosePassword(mail, 'newcomer-passphrase');
    expect(chosen.status).toBe(200);
    const token = await given.api.signIn('newcomer', 'newcomer-passphrase');
    expect((await me(token)).body).toMatchObject({ login: 'newcomer', role: 'Bettor' });
  });

  it('a user created not active gets no link: they could not sign in with it', async () => {
    const answer = await create(coach, person('benched', { active: false }));
    expect(answer.status).toBe(201);
    expect(answer.body.active).toBe(UserStatus.NotActive);
    expect(lastMailTo(given.stack.outboxDir, 'benched@players.example.com', passwordLinkMail)).toBeUndefined();
  });

  it('refuses a caller without the permission to manage users', async () => {
    const answer = await create(await given.api.signIn('alex'), person('by-a-bettor'));
    expect(answer.status).toBe(403);
    expect(await findUserByLogin(given.stack.deps, demoId, 'by-a-bettor')).toBeUndefined();
  });

  it("another client, or a role other than Bettor, needs 'delete clients'", async () => {
    const otherClient = await create(coach, person('elsewhere', { clientId: rivalId }));
    expect(otherClient.status).toBe(403);
    const otherDomain = await create(coach, person('elsewhere', { domain: 'rival' }));
    expect(otherDomain.status).toBe(403);
    const otherRole = await create(coach, person('promoted', { roleId: roleNamed(demoId, 'Company Admin').id }));
    expect(otherRole.status).toBe(403);
    expect(await findUserByLogin(given.stack.deps, rivalId, 'elsewhere')).toBeUndefined();
    expect(await findUserByLogin(given.stack.deps, demoId, 'promoted')).toBeUndefined();
  });

  it('a system administrator creates a user of another client with one of its roles', async () => {
    const answer = await create(
      admin,
      person('rival-helper', { clientId: rivalId, roleId: roleNamed(rivalId, 'Company Admin').id }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ client: 'Rival League', role: 'Company Admin' });
    const foreignRole = await create(
      admin,
      person('mismatched', { clientId: rivalId, roleId: roleNamed(demoId, 'Bettor').id }),
    );
    expect(foreignRole.status).toBe(400);
    expect(foreignRole.body.code).toBe('UNKNOWN_ROLE');
  });

  it('nobody creates a user whose role holds a permission the creator lacks', async () => {
    const manager: Role = {
      id: await given.stack.deps.ids.next('role'),
      name: 'Client Manager',
      clientId: demoId,
      roleType: RoleType.UserCreated,
      permissions: [Permission.ViewUsers, Permission.EditUsers, Permission.ViewOwnProfile, Permission.DeleteClients],
    };
    await putRole(given.stack.deps, manager);
    const token = await signedInWithRole('client-manager', manager);
    const answer = await create(token, person('overpowered', { roleId: roleNamed(demoId, 'Company Admin').id }));
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('PERMISSION_NOT_HELD');
    expect(await findUserByLogin(given.stack.deps, demoId, 'overpowered')).toBeUndefined();

    // The same rule when an administrator edits someone's role.
    const edit = await call(
      given.api,
      contracts.editUser,
      {
        id: (await findUserByLogin(given.stack.deps, demoId, 'quinn'))!.id,
        firstName: 'New',
        lastName: 'Member',
        roleId: roleNamed(demoId, 'Company Admin').id,
      },
      token,
    );
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('PERMISSION_NOT_HELD');
  });

  it('a login is never given twice, in any case', async () => {
    const answer = await create(coach, person('ALEX'));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("The login 'ALEX' is already taken");
  });

  describe("with the client's login directory", () => {
    let directory: Server;
    let methodId: number;
    let verdict = 'false';
    beforeAll(async () => {
      directory = createServer((_request, response) => {
        if (verdict === 'broken') response.statusCode = 500;
        response.end(verdict);
      });
      await new Promise<void>((ready) => directory.listen(0, '127.0.0.1', ready));
      const url = `http://127.0.0.1:${(directory.address() as AddressInfo).port}/check`;
      const added = await call(
        given.api,
        contracts.addMethod,
        { clientId: demoId, methodType: 'GET', passingParameterMethod: 'query', url, parameterName: 'user' },
        admin,
      );
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      methodId = added.body.id;
    });
    afterAll(async () => {
      await call(given.api, contracts.deleteMethod, { id: methodId }, admin);
      directory.closeAllConnections();
      directory.close();
    });

    it('a login the directory refuses is not created (404), nor while it cannot be asked (503); one it approves is', async () => {
      const refused = await create(coach, person('unknown-to-hr'));
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe('User not found');
      expect(await findUserByLogin(given.stack.deps, demoId, 'unknown-to-hr')).toBeUndefined();
      verdict = 'broken';
      const unavailable = await create(coach, person('known-to-hr'));
      expect(unavailable.status).toBe(503);
      expect(await findUserByLogin(given.stack.deps, demoId, 'known-to-hr')).toBeUndefined();
      verdict = 'true';
      expect((await create(coach, person('known-to-hr'))).status).toBe(201);
    });
  });
});

describe('User/delete', () => {
  it('deletes a user: gone from the list, no sign-in, old sessions over, the login stays taken', async () => {
    await create(coach, person('leaver'));
    const leaver = (await findUserByLogin(given.stack.deps, demoId, 'leaver'))!;
    const mail = lastMailTo(given.stack.outboxDir, 'leaver@players.example.com', passwordLinkMail);
    await choosePassword(mail, 'leaver-passphrase');
    const session = await given.api.signIn('leaver', 'leaver-passphrase');

    const answer = await remove(coach, leaver.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'User Deleted.' });
    expect((await listed(coach, 'leaver')).total).toBe(0);
    expect((await me(session)).status).toBe(401);
    const signedIn = await signIn('leaver', 'leaver-passphrase');
    expect([401, 403]).toContain(signedIn.status);
    expect((await create(coach, person('leaver'))).status).toBe(409);
    expect((await remove(coach, leaver.id)).status).toBe(404);
  });

  it('nobody deletes themselves', async () => {
    const self = (await me(coach)).body.id;
    const answer = await remove(coach, self);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('OWN_ACCOUNT');
  });

  it('the last active administrator of a client stays', async () => {
    const rivalAdmin = (await findUserByLogin(given.stack.deps, rivalId, 'rival-admin'))!;
    // rival-helper, made a Company Admin of Rival League above, is deleted first: then rival-admin is the last.
    const helper = await findUserByLogin(given.stack.deps, rivalId, 'rival-helper');
    if (helper) expect((await remove(admin, helper.id, rivalId)).status).toBe(200);
    const answer = await remove(admin, rivalAdmin.id, rivalId);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('LAST_ADMINISTRATOR');
    expect((await given.api.signIn('rival-admin', 'pickem-demo', 'rival')).length).toBeGreaterThan(0);
  });

  it("another client's user is out of reach", async () => {
    const jules = (await findUserByLogin(given.stack.deps, rivalId, 'jules'))!;
    expect((await remove(coach, jules.id)).status).toBe(404);
    expect((await remove(coach, jules.id, rivalId)).status).toBe(403);
    expect((await remove(await given.api.signIn('sam'), jules.id)).status).toBe(403);
    expect((await listed(admin, 'jules', rivalId)).total).toBe(1);
  });
});
