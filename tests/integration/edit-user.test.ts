// Editing a profile (docs/rules.md, Profile and Users): one's own names, or with 'create and modify users of client'
// someone else's names and role, a role of one's own client holding no permission one lacks.
import { beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { type Role, RoleType, type User } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { findUserByLogin } from '../../functions/store/account-claims.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { listAllRoles } from '../../functions/store/roles.ts';
import { putRole } from '../support/put-role.ts';
import { getUser, saveProfile, setPasswordHash } from '../../functions/store/users.ts';
import { call } from './support/call.ts';
import { loseFirstAnswers, loseFirstAnswersName } from './support/lost-answers.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();
let demoId: number;
let rivalId: number;
let roles: Role[];
const roleNamed = (clientId: number, name: string) =>
  roles.find((role) => role.clientId === clientId && role.name === name)!;

beforeAll(async () => {
  demoId = (await findClientByDomain(given.stack.deps, 'demo'))!.id;
  rivalId = (await findClientByDomain(given.stack.deps, 'rival'))!.id;
  roles = await listAllRoles(given.stack.deps);
});
const profile = {
  displayName: 'Alex the Great',
  firstName: 'Alexander',
  middleName: 'J',
  lastName: 'Carter',
  phoneNumber: '+1 202 555 0101',
};
/** What the server keeps: the phone in E.164 however it was typed. */
const stored = { ...profile, phoneNumber: '+12025550101' };

const me = (token: string) => call(given.api, contracts.currentUser, {}, token);
const edit = (body: RequestOf<typeof contracts.editUser>, token: string) =>
  call(given.api, contracts.editUser, body, token);

async function idOf(login: string) {
  return (await me(await given.api.signIn(login))).body.id;
}

describe('POST /Services/api/User/edit', () => {
  it('a player edits their own profile and gets the updated payload back', async () => {
    const token = await given.api.signIn('alex');
    const answer = await edit({ id: await idOf('alex'), ...profile }, token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...stored, login: 'alex', role: 'Bettor' });
    expect((await me(token)).body).toMatchObject(stored);
  });

  it('a bettor cannot edit someone else', async () => {
    const answer = await edit({ id: await idOf('sam'), ...profile }, await given.api.signIn('jordan'));
    expect(answer.status).toBe(403);
  });

  it('a company admin gives a bettor a role of the client holding only permissions he holds, and takes it back; each change ends their sessions', async () => {
    const coach = await given.api.signIn('coach');
    const taylorId = await idOf('taylor');
    const before = await given.api.signIn('taylor');
    const promoted = await edit({ id: taylorId, ...profile, roleId: roleNamed(demoId, 'Company Admin').id }, coach);
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body).toMatchObject({ ...stored, login: 'taylor', role: 'Company Admin' });
    // Signed in again, under the new role.
    expect((await me(before)).status).toBe(401);
    const after = await given.api.signIn('taylor');
    expect((await me(after)).body).toMatchObject({
      role: 'Company Admin',
      roleId: roleNamed(demoId, 'Company Admin').id,
    });

    const demoted = await edit({ id: taylorId, ...profile, roleId: roleNamed(demoId, 'Bettor').id }, coach);
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('Bettor');
    expect((await me(after)).status).toBe(401);
    expect((await me(await given.api.signIn('taylor'))).body.role).toBe('Bettor');
  });

  it('a role holding a permission the editor lacks is refused (403) and nothing changes', async () => {
    const coach = await given.api.signIn('coach');
    const manager: Role = {
      id: await given.stack.deps.ids.next('role'),
      name: 'League Manager',
      clientId: demoId,
      roleType: RoleType.UserCreated,
      permissions: [Permission.ViewOwnProfile, Permission.ViewUsers, Permission.DeleteClients],
    };
    await putRole(given.stack.deps, manager);
    const morgan = await given.api.signIn('morgan');
    const before = (await me(morgan)).body;
    const refused = await edit({ id: before.id, ...profile, roleId: manager.id }, coach);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "The role 'League Manager' holds permissions you do not hold: 'delete clients'",
      code: 'PERMISSION_NOT_HELD',
      requestId: expect.any(String),
    });
    // Neither the role nor the names changed, and morgan is still signed in.
    expect((await me(morgan)).body).toMatchObject({
      role: 'Bettor',
      displayName: before.displayName,
      firstName: before.firstName,
    });
  });

  it('nobody changes their own role', async () => {
    const coach = await given.api.signIn('coach');
    const answer = await edit({ id: await idOf('coach'), ...profile, roleId: roleNamed(demoId, 'Bettor').id }, coach);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('OWN_ROLE');
  });

  it('a player changes no role, not even to one he holds himself', async () => {
    const jordan = await given.api.signIn('jordan');
    const bettor = roleNamed(demoId, 'Bettor').id;
    const own = await edit(
      { id: await idOf('jordan'), ...profile, roleId: roleNamed(demoId, 'Company Admin').id },
      jordan,
    );
    expect(own.status).toBe(403);
    const unchanged = await edit({ id: await idOf('jordan'), ...profile, roleId: bettor }, jordan);
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.role).toBe('Bettor');
  });

  it('a role of another client, a deleted role and an unknown one are refused alike (403), and a user of another client is not found', async () => {
    const coach = await given.api.signIn('coach');
    const gone: Role = {
      id: await given.stack.deps.ids.next('role'),
      name: 'Retired Role',
      clientId: demoId,
      roleType: RoleType.UserCreated,
      permissions: [Permission.ViewOwnProfile],
      archivedAt: '2024-01-01T00:00:00.000Z',
    };
    await putRole(given.stack.deps, gone);
    const morganId = await idOf('morgan');
    for (const roleId of [roleNamed(rivalId, 'Bettor').id, roleNamed(rivalId, 'Company Admin').id, gone.id, 999_999]) {
      const answer = await edit({ id: morganId, ...profile, roleId }, coach);
      expect(answer.status, String(roleId)).toBe(403);
      expect(answer.body).toMatchObject({
        code: 'ROLE_NOT_OFFERED',
        error: `The role ${roleId} is not a role of Demo`,
      });
    }
    const foreignUser = await edit(
      { id: (await findUserByLogin(given.stack.deps, rivalId, 'rival-admin'))!.id, ...profile },
      coach,
    );
    expect(foreignUser.status).toBe(404);
    expect((await me(await given.api.signIn('morgan'))).body.role).toBe('Bettor');
  });

  it("a client manager edits the names of another client's user, naming the client, and changes no role there", async () => {
    const jules = (await findUserByLogin(given.stack.deps, rivalId, 'jules'))!;
    const names = { displayName: 'Jules V.', firstName: 'Jules', lastName: 'Verne' };
    const named = { id: jules.id, clientId: rivalId, ...names };
    expect((await edit(named, await given.api.signIn('coach'))).status).toBe(403);
    const admin = await given.api.signIn('admin', 'pickem-admin', 'admin');
    const answer = await edit(named, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ ...names, login: 'jules', role: 'Bettor', clientId: rivalId });
    expect(await getUser(given.stack.deps, rivalId, jules.id)).toMatchObject({ ...names, roleId: jules.roleId });
    // A role is changed within one's own client only; one's own id under another client is nobody there.
    const promoted = await edit({ ...named, roleId: roleNamed(rivalId, 'Company Admin').id }, admin);
    expect([promoted.status, promoted.body.code]).toEqual([403, 'ROLE_NOT_OFFERED']);
    const self = await edit({ id: (await me(admin)).body.id, clientId: rivalId, ...names }, admin);
    expect(self.status).toBe(404);
    expect(await getUser(given.stack.deps, rivalId, jules.id)).toMatchObject({ roleId: jules.roleId });
  });

  it('refuses a blank name with the field’s message; a name left out stays, as another administrator left it', async () => {
    const caseyId = await idOf('casey');
    const answer = await edit({ id: caseyId, ...profile, displayName: '' }, await given.api.signIn('casey'));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Display name is required');
    const coach = await given.api.signIn('coach');
    expect((await edit({ id: caseyId, displayName: 'Case B.' }, coach)).status).toBe(200);
    const lastOnly = await edit({ id: caseyId, lastName: 'Brooks-Hale' }, coach);
    expect(lastOnly.body).toMatchObject({ displayName: 'Case B.', firstName: 'Casey', lastName: 'Brooks-Hale' });
  });
});

/** Runs `change` once, just before the stack's next write of the user's item: as another request's write landing then. */
async function justBeforeWriteOf<T>(user: User, change: () => Promise<void>, edit: () => Promise<T>): Promise<T> {
  const { db } = given.stack.deps;
  const name = 'changeBeforeUserWrite';
  const { SK } = keys.user(user.clientId, user.id);
  let pending = true;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const written = ['PutItemCommand', 'UpdateItemCommand'].includes(context.commandName ?? '');
      if (pending && written && JSON.stringify(args.input).includes(`"${SK}"`)) {
        pending = false;
        await change();
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return await edit();
  } finally {
    db.middlewareStack.remove(name);
    expect(pending, "the edit wrote the user's item").toBe(false);
  }
}

describe('an edit racing another write of the same user', () => {
  it('keeps a password change made between its read and its write: the new password signs in, older sessions stay ended', async () => {
    const { deps } = given.stack;
    const token = await given.api.signIn('drew');
    const drew = (await findUserByLogin(deps, demoId, 'drew'))!;

    const answer = await justBeforeWriteOf(
      drew,
      async () => void (await setPasswordHash(deps, drew, await deps.passwords.hash('changed-meanwhile'))),
      () => edit({ id: drew.id, ...profile }, token),
    );

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = (await getUser(deps, demoId, drew.id))!;
    expect(after).toMatchObject(stored);
    expect(after.tokenVersion).toBeGreaterThan(drew.tokenVersion ?? 0);
    expect((await me(token)).status).toBe(401);
    expect((await me(await given.api.signIn('drew', 'changed-meanwhile'))).body).toMatchObject(stored);
  });

  it("is refused (409 USER_CHANGED) when another administrator changed the user's role meanwhile, and changes nothing", async () => {
    const { deps } = given.stack;
    const blake = (await findUserByLogin(deps, demoId, 'blake'))!;
    const admin = roleNamed(demoId, 'Company Admin');

    const answer = await justBeforeWriteOf(
      blake,
      async () => void (await saveProfile(deps, blake, { ...blake, roleId: admin.id })),
      async () => edit({ id: blake.id, ...profile, roleId: blake.roleId }, await given.api.signIn('coach')),
    );

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'USER_CHANGED' });
    expect(await getUser(deps, demoId, blake.id)).toMatchObject({
      roleId: admin.id,
      displayName: blake.displayName,
      firstName: blake.firstName,
    });
  });

  it('asked again after its answer was lost, a role change that landed is not refused by its own landing', async () => {
    const { deps } = given.stack;
    const avery = (await findUserByLogin(deps, demoId, 'avery'))!;
    const promoted = { ...avery, roleId: roleNamed(demoId, 'Company Admin').id };
    const { SK } = keys.user(avery.clientId, avery.id);
    const lost = loseFirstAnswers(
      deps,
      (command, input) => command === 'UpdateItemCommand' && JSON.stringify(input).includes(`"${SK}"`),
    );
    try {
      await expect(saveProfile(deps, avery, promoted)).resolves.toMatchObject({ roleId: promoted.roleId });
    } finally {
      deps.db.middlewareStack.remove(loseFirstAnswersName);
    }
    expect(lost()).toBe(1);
  });

  it("an administrator's rename keeps the notification choice the player made meanwhile", async () => {
    const { deps } = given.stack;
    const signedUp = (await findUserByLogin(deps, demoId, 'quinn'))!;
    const quinn = await saveProfile(deps, signedUp, { ...signedUp, announcementMails: true });

    const answer = await justBeforeWriteOf(
      quinn,
      async () => void (await saveProfile(deps, quinn, { ...quinn, announcementMails: false })),
      async () => edit({ id: quinn.id, ...profile }, await given.api.signIn('coach')),
    );

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await getUser(deps, demoId, quinn.id)).toMatchObject({ ...stored, announcementMails: false });
  });

  it("a rename asked again after the names were saved but not the leaderboard's (the Lambda died between) reaches the leaderboard", async () => {
    const { deps } = given.stack;
    const token = await given.api.signIn('riley');
    const riley = (await findUserByLogin(deps, demoId, 'riley'))!;
    const weekId = (await call(given.api, contracts.betList, { sportId: 33 }, token)).body.week.id - 1;
    const shownName = async () =>
      (await call(given.api, contracts.balance, { sportId: 33, weekId }, token)).body.me?.userDisplayName;
    expect(await shownName()).toBe(riley.displayName);
    await saveProfile(deps, riley, { ...riley, displayName: 'Riley Again' });

    expect((await edit({ id: riley.id, displayName: 'Riley Again' }, token)).status).toBe(200);
    expect(await shownName()).toBe('Riley Again');
  });
});
