import { beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { type Client, RoleType, type User, UserStatus } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { issueUserToken } from '../../functions/adapters/tokens.ts';
import { createClient, findClientByDomain } from '../../functions/store/clients.ts';
import { getRole, renameAndSaveRole } from '../../functions/store/roles.ts';
import { putRole } from '../support/put-role.ts';
import { createUser } from '../../functions/store/account-claims.ts';
import { call } from './support/call.ts';
import { loseFirstAnswers, loseFirstAnswersName } from './support/lost-answers.ts';
import { client, useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
let api: ReturnType<typeof client>;
let demo: Client;
let harbor: Client;
let harborRoleId: number;
let coach: string;
let sysadmin: string;

/** A new active user of the client holding the role, and a token as sign-in issues it. */
async function holderOf(tenant: Client, roleId: number, login: string) {
  const { deps } = given.stack;
  const user: User = {
    id: await deps.ids.next('user'),
    clientId: tenant.id,
    login,
    displayName: login,
    emailAddress: `${login}@${tenant.domain}.example.com`,
    firstName: login,
    lastName: 'Holder',
    middleName: '',
    phoneNumber: '+1 555 010 0100',
    status: UserStatus.Active,
    roleId,
    passwordHash: deps.passwords.decoy,
    dateCreated: '2026-11-01T00:00:00Z',
  };
  await createUser(deps, user);
  return (await issueUserToken(deps, user)).access_token;
}

const list = async (token: string, paging = { limit: '100', page: '1' }) =>
  (await call(api, contracts.roleList, paging, token)).body;
const create = (body: RequestOf<typeof contracts.createRole>, token = coach) =>
  call(api, contracts.createRole, body, token);
const edit = (body: RequestOf<typeof contracts.editRole>, token = coach) => call(api, contracts.editRole, body, token);
const remove = (id: number, token = coach) => call(api, contracts.deleteRole, { id }, token);
const named = async (name: string, clientName = 'Demo') =>
  (await list(sysadmin)).data.find((role) => role.name === name && role.clientName === clientName)!;

beforeAll(async () => {
  const { deps } = given.stack;
  // Only loopback traffic: the stack's own address with the IP instead of localhost.
  api = client({ url: given.stack.url.replace('//localhost:', '//127.0.0.1:') });
  demo = (await findClientByDomain(deps, 'demo'))!;
  harbor = { id: await deps.ids.next('client'), name: 'Harbor', domain: 'harbor', dateCreated: '2026-11-01T00:00:00Z' };
  await createClient(deps, harbor);
  harborRoleId = await deps.ids.next('role');
  await putRole(deps, {
    id: harborRoleId,
    name: 'Deckhand',
    clientId: harbor.id,
    roleType: RoleType.UserCreated,
    permissions: [Permission.ViewOwnProfile],
  });
  [coach, sysadmin] = await Promise.all([api.signIn('coach'), api.signIn('admin', 'pickem-admin', 'admin')]);
});

describe('role list', () => {
  it('a company admin sees only their own client’s roles, and no System Roles', async () => {
    const own = await list(coach);
    expect(own.data.map((role) => `${role.name}/${role.clientName}`)).toEqual(['Bettor/Demo', 'Company Admin/Demo']);
    expect(own.total).toBe(2);
  });

  it('a client manager sees every client’s roles, the System Roles labelled System Role and listed first', async () => {
    const all = await list(sysadmin);
    expect(all.data[0]).toMatchObject({
      name: 'System Administrator',
      clientId: null,
      clientName: 'System Role',
      roleType: RoleType.System,
      roleCategory: 'system role',
    });
    expect(all.data).toContainEqual(
      expect.objectContaining({ name: 'Deckhand', clientName: 'Harbor', roleCategory: 'user created role' }),
    );
    expect(all.data).toContainEqual(expect.objectContaining({ name: 'Bettor', clientName: 'Demo' }));
  });

  it('pages in a stable order and tells the total of every page', async () => {
    const all = await list(sysadmin);
    const first = await list(sysadmin, { limit: '2', page: '1' });
    const second = await list(sysadmin, { limit: '2', page: '2' });
    expect(first.total).toBe(all.total);
    expect([...first.data, ...second.data]).toEqual(all.data.slice(0, 4));
  });

  it('the permission list has the 24 permissions with their names', async () => {
    const answer = await call(api, contracts.permissionList, {}, coach);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(24);
    expect(answer.body[0]).toEqual({ id: 1, name: 'view users of client' });
    expect(answer.body[23]).toEqual({ id: 24, name: 'set bets for third party' });
  });
});

describe('creating a role', () => {
  it('a company admin creates a user-created role for their client with permissions they hold (201)', async () => {
    const answer = await create({ name: 'Scout', permissions: [Permission.ViewRoles, Permission.ViewOwnProfile] });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: 'Scout',
      clientId: demo.id,
      clientName: 'Demo',
      roleType: RoleType.UserCreated,
      roleCategory: 'user created role',
      permissions: [Permission.ViewOwnProfile, Permission.ViewRoles],
    });
    expect((await list(coach)).data.map((role) => role.name)).toContain('Scout');
  });

  it('nobody grants a permission they do not hold: 403 naming it, and no role is made', async () => {
    const answer = await create({
      name: 'Overreach',
      permissions: [Permission.ViewOwnProfile, Permission.ViewClients],
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("You cannot grant permissions you do not hold: 'view clients'");
    expect((await list(sysadmin)).data.map((role) => role.name)).not.toContain('Overreach');
  });

  it('a company admin cannot create a role for another client, nor a System Role (403)', async () => {
    const forHarbor = await create({ name: 'Spy', clientId: harbor.id, permissions: [Permission.ViewOwnProfile] });
    expect(forHarbor.status).toBe(403);
    const systemRole = await create({ name: 'Spy', clientId: null, permissions: [Permission.ViewOwnProfile] });
    expect(systemRole.status).toBe(403);
    expect((await list(sysadmin)).data.map((role) => role.name)).not.toContain('Spy');
  });

  it('a system administrator creates a role for another client, or a System Role', async () => {
    const forHarbor = await create({ name: 'Skipper', clientId: harbor.id, permissions: [1, 4] }, sysadmin);
    expect(forHarbor.status).toBe(201);
    expect(forHarbor.body).toMatchObject({ clientId: harbor.id, clientName: 'Harbor' });
    const systemRole = await create({ name: 'Auditor', clientId: null, permissions: [14] }, sysadmin);
    expect(systemRole.status).toBe(201);
    expect(systemRole.body).toMatchObject({ clientId: null, clientName: 'System Role' });
  });

  it('a role for a client that does not exist is refused with 404', async () => {
    const answer = await create({ name: 'Ghost', clientId: 999_999, permissions: [4] }, sysadmin);
    expect(answer.status).toBe(404);
  });

  it('a name already used by a live role of the same client is refused in any case (409); another client may use it', async () => {
    await create({ name: 'Twin', permissions: [Permission.ViewOwnProfile] });
    const again = await create({ name: 'tWIN', permissions: [Permission.ViewOwnProfile] });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("A role named 'tWIN' already exists");
    expect((await create({ name: 'Twin', clientId: harbor.id, permissions: [4] }, sysadmin)).status).toBe(201);
  });

  it('refuses an empty name or an unknown permission code with 400', async () => {
    const blank = await create({ name: '  ', permissions: [Permission.ViewOwnProfile] });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toContain('Name is required');
    const unknown = await create({ name: 'Odd', permissions: [99] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('Permissions are codes from 1 to 24');
  });
});

describe('editing a role', () => {
  it('a company admin renames a user-created role of their client and changes its permissions', async () => {
    const { body: made } = await create({ name: 'Clerk', permissions: [Permission.ViewOwnProfile] });
    const answer = await edit({ id: made.id, name: 'Head Clerk', clientId: demo.id, permissions: [4, 5] });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: made.id, name: 'Head Clerk', clientName: 'Demo', permissions: [4, 5] });
    expect((await named('Head Clerk')).permissions).toEqual([4, 5]);
  });

  it('a system role is refused (409), even to a system administrator; it can only be deleted', async () => {
    const companyAdmin = await named('Company Admin');
    const answer = await edit({ id: companyAdmin.id, name: 'Boss', permissions: companyAdmin.permissions });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('Only user-created roles can be edited; this role can only be deleted');
    expect((await edit({ id: companyAdmin.id, name: 'Boss', permissions: [4] }, sysadmin)).status).toBe(409);
    expect((await named('Company Admin')).permissions).toEqual(companyAdmin.permissions);
  });

  it('a company admin cannot edit another client’s role (403)', async () => {
    const answer = await edit({ id: harborRoleId, name: 'Pirate', permissions: [Permission.ViewOwnProfile] });
    expect(answer.status).toBe(403);
    expect((await named('Deckhand', 'Harbor')).name).toBe('Deckhand');
  });

  it('a role does not move to another client (400), nor gains a permission its editor lacks (403)', async () => {
    const { body: made } = await create({ name: 'Mover', permissions: [Permission.ViewOwnProfile] });
    const moved = await edit({ id: made.id, name: 'Mover', clientId: harbor.id, permissions: [4] }, sysadmin);
    expect(moved.status).toBe(400);
    const escalated = await edit({ id: made.id, name: 'Mover', permissions: [4, Permission.LoadSpreads] });
    expect(escalated.status).toBe(403);
    expect(escalated.body.error).toContain("'load spreads'");
    expect(await named('Mover')).toMatchObject({ clientId: demo.id, permissions: [4] });
  });

  it('an edit made from an older read is refused (409 ROLE_CHANGED) and keeps the edit that came since', async () => {
    const { body: made } = await create({ name: 'Steward', permissions: [4, 5] });
    expect(made.version).toBe(0);
    const first = await edit({ id: made.id, version: 0, name: 'Steward', permissions: [4] });
    expect(first.body).toMatchObject({ version: 1, permissions: [4] });
    const stale = await edit({ id: made.id, version: 0, name: 'Chief Steward', permissions: [4, 5] });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'ROLE_CHANGED' });
    // An edit read before the other's write landed, and written after it, is refused by the write itself.
    const { deps } = given.stack;
    const read = (await getRole(deps, made.id))!;
    // Its first answer lost after it landed, the write sent again is not refused by its own landing.
    const lost = loseFirstAnswers(deps, (command) => command === 'PutItemCommand');
    try {
      await renameAndSaveRole(
        deps,
        read,
        { ...read, permissions: [Permission.ViewUsers], version: 2 },
        deps.clock.now(),
      );
    } finally {
      deps.db.middlewareStack.remove(loseFirstAnswersName);
    }
    expect(lost()).toBeGreaterThan(0);
    const late = renameAndSaveRole(deps, read, { ...read, name: 'Purser', version: 2 }, deps.clock.now());
    await expect(late).rejects.toMatchObject({ code: 'ROLE_CHANGED' });
    expect(await named('Steward')).toMatchObject({ version: 2, permissions: [Permission.ViewUsers] });
  });

  it('an unknown role is 404', async () => {
    expect((await edit({ id: 999_999, name: 'Nobody', permissions: [4] })).status).toBe(404);
  });

  it('a permission change applies to the holder’s very next request, with the same token', async () => {
    const { body: made } = await create({
      name: 'Reader',
      permissions: [Permission.ViewOwnProfile, Permission.ViewRoles],
    });
    const holder = await holderOf(demo, made.id, 'reader');
    expect((await call(api, contracts.permissionList, {}, holder)).status).toBe(200);
    expect((await edit({ id: made.id, name: 'Reader', permissions: [Permission.ViewOwnProfile] })).status).toBe(200);
    const after = await call(api, contracts.permissionList, {}, holder);
    expect(after.status).toBe(403);
    expect((await call(api, contracts.currentUser, {}, holder)).status).toBe(200);
  });
});

describe('deleting a role', () => {
  it('a role someone holds is refused with 409 saying how many hold it', async () => {
    const { body: made } = await create({ name: 'Crew', permissions: [Permission.ViewOwnProfile] });
    for (const login of ['crew-one', 'crew-two', 'crew-three']) await holderOf(demo, made.id, login);
    const answer = await remove(made.id);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('3 users still hold this role');
    expect((await list(coach)).data.map((role) => role.name)).toContain('Crew');
  });

  it('a system role is deleted only by a system administrator (403 to a company admin)', async () => {
    const companyAdmin = await named('Company Admin');
    const answer = await remove(companyAdmin.id);
    expect(answer.status).toBe(403);
    expect((await list(coach)).data.map((role) => role.name)).toContain('Company Admin');
  });

  it('a company admin cannot delete another client’s role (403)', async () => {
    expect((await remove(harborRoleId)).status).toBe(403);
    expect((await list(sysadmin)).data.map((role) => role.name)).toContain('Deckhand');
  });

  it('an unused role is archived: 200, gone from the list, and a second delete is 404', async () => {
    const { body: made } = await create({ name: 'Temp', permissions: [Permission.ViewOwnProfile] });
    const answer = await remove(made.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'Role has been deleted' });
    expect((await list(coach)).data.map((role) => role.id)).not.toContain(made.id);
    expect((await remove(made.id)).status).toBe(404);
    expect((await edit({ id: made.id, name: 'Temp', permissions: [4] })).status).toBe(404);
  });

  it('a deleted role’s name may be used again', async () => {
    const { body: made } = await create({ name: 'Phoenix', permissions: [Permission.ViewOwnProfile] });
    await remove(made.id);
    expect((await create({ name: 'Phoenix', permissions: [Permission.ViewOwnProfile] })).status).toBe(201);
  });
});
