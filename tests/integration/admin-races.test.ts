// The administration's races (docs/invariants.md): under real concurrency on dynalite exactly the invariant's number
// of simultaneous requests win and every loser is a 409 with a message.
import { describe, expect, it } from 'vitest';
import type { Client, User } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { startUp } from '../../functions/lifecycle/start-up.ts';
import { removeAdministrator } from '../../functions/store/administrators.ts';
import { keys } from '../../functions/store/keys.ts';
import { createStandardRoles, getRole, renameAndSaveRole } from '../../functions/store/roles.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { listDirectory } from '../../functions/store/user-directory.ts';
import { archiveUser } from '../../functions/store/users.ts';
import { createTenant } from '../security/support/probe-tenants.ts';
import { mailsTo, passwordLinkMail } from '../support/outbox.ts';
import {
  addMethod,
  admin,
  clientWithAdministrators,
  createUser,
  methodsOf,
  useAdministrationStack,
} from './support/administration.ts';
import { call } from './support/call.ts';
import type { Answer } from './support/test-stack.ts';

const given = useAdministrationStack();

type RoleFields = RequestOf<typeof contracts.createRole>;
const createRole = (body: RoleFields, token: string) => call(given.api, contracts.createRole, body, token);

const statuses = (answers: Answer<unknown>[]) => answers.map((answer) => answer.status).sort();
const losers = (answers: Answer<unknown>[]) => answers.filter((answer) => answer.status === 409);

const activeAdministrators = async (client: Client, ids: number[]) =>
  (await listDirectory(given.stack.deps, client.id)).filter((row) => ids.includes(row.id) && !row.deleted);

describe('the last administrator of a client, deleted concurrently', () => {
  for (const count of [3, 8])
    it(`${count} administrators deleted at the same moment: ${count - 1} deletes win, the last is 409 LAST_ADMINISTRATOR`, async () => {
      const { client, admins } = await clientWithAdministrators(`race-admins-${count}`, count);
      const answers = await Promise.all(
        admins.map(({ user }) => call(given.api, contracts.deleteUser, { id: user.id, clientId: client.id }, admin)),
      );
      expect(statuses(answers)).toEqual([...Array<number>(count - 1).fill(200), 409]);
      expect(losers(answers)[0]!.body).toEqual({
        error: 'You cannot remove the last administrator of the client',
        code: 'LAST_ADMINISTRATOR',
        requestId: expect.any(String),
      });
      expect(
        await activeAdministrators(
          client,
          admins.map(({ user }) => user.id),
        ),
      ).toHaveLength(1);
    });
});

describe("a client's administrators set a crash left short", () => {
  it('is repaired by the start-up, and the administrator it missed may then be deleted', async () => {
    const { client, admins } = await clientWithAdministrators('crash-short-admins', 2);
    const [kept, missed] = admins.map(({ user }) => user.id) as [number, number];
    const { deps } = given.stack;
    // A crash after one was added to the client's administrators and before the set knew: it holds the other only.
    await putItem(deps, { ...keys.administrators(client.id), counted: true, userIds: new Set([kept]) });
    const refused = await call(given.api, contracts.deleteUser, { id: kept, clientId: client.id }, admin);
    expect(refused.body).toMatchObject({ code: 'LAST_ADMINISTRATOR' });

    await startUp(deps);

    expect(await getItem(deps, keys.administrators(client.id))).toEqual({
      counted: true,
      userIds: new Set([kept, missed]),
    });
    const deleted = await call(given.api, contracts.deleteUser, { id: kept, clientId: client.id }, admin);
    expect(deleted.status).toBe(200);
    expect(await getItem(deps, keys.administrators(client.id))).toMatchObject({ userIds: new Set([missed]) });
  });

  it('is not given back an administrator whose removal is on its way while the start-up reads the directory', async () => {
    const { client, admins } = await clientWithAdministrators('removal-in-flight', 2);
    const [leaving, staying] = admins.map(({ user }) => user) as [User, User];
    const { deps } = given.stack;
    // A delete of `leaving` took them out of the set; its user write lands only after the start-up read the rows.
    await removeAdministrator(deps, leaving);
    await startUp(deps);
    await archiveUser(deps, client.id, leaving.id, deps.clock.now());

    expect(await getItem(deps, keys.administrators(client.id))).toMatchObject({ userIds: new Set([staying.id]) });
    const last = await call(given.api, contracts.deleteUser, { id: staying.id, clientId: client.id }, admin);
    expect(last.body).toMatchObject({ code: 'LAST_ADMINISTRATOR' });
    expect(await activeAdministrators(client, [staying.id])).toHaveLength(1);
  });

  it('is repaired by a start-up once the last removal is 15 minutes behind the directory read', async () => {
    const { client, admins } = await clientWithAdministrators('short-after-removal', 3);
    const [removed, kept, missed] = admins.map(({ user }) => user.id) as [number, number, number];
    const { deps } = given.stack;
    expect((await call(given.api, contracts.deleteUser, { id: removed, clientId: client.id }, admin)).status).toBe(200);
    // A crash then left `missed` out of the set.
    await putItem(deps, {
      ...(await getItem(deps, keys.administrators(client.id)))!,
      ...keys.administrators(client.id),
      userIds: new Set([kept]),
    });

    await startUp(deps);
    expect(await getItem(deps, keys.administrators(client.id))).toMatchObject({ userIds: new Set([kept]) });
    const later = deps.clock.now().getTime() + 15 * 60_000 + 1000;
    await startUp({ ...deps, clock: fixedClock(new Date(later)) });
    expect(await getItem(deps, keys.administrators(client.id))).toMatchObject({ userIds: new Set([kept, missed]) });
  });
});

describe('role names, created concurrently', () => {
  it('15 Role/create with one name make 1 role; the 14 others are 409 ROLE_NAME_TAKEN', async () => {
    const { client, admins } = await clientWithAdministrators('race-roles', 1);
    const token = admins[0]!.token;
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => createRole({ name: 'Scorekeeper', permissions: [1, 4] }, token)),
    );
    expect(statuses(answers)).toEqual([201, ...Array<number>(14).fill(409)]);
    for (const loser of losers(answers))
      expect(loser.body).toEqual({
        error: "A role named 'Scorekeeper' already exists",
        code: 'ROLE_NAME_TAKEN',
        requestId: expect.any(String),
      });
    const roles = (await call(given.api, contracts.roleList, { limit: 100 }, token)).body.data;
    expect(roles.filter((role) => role.name === 'Scorekeeper' && role.clientId === client.id)).toHaveLength(1);
  });

  it('a deleted role gives its name back, and a rename frees the old name', async () => {
    const { client, admins } = await clientWithAdministrators('race-role-names', 1);
    const token = admins[0]!.token;
    const first = await createRole({ name: 'Timekeeper', permissions: [4] }, token);
    const renamed = await call(
      given.api,
      contracts.editRole,
      { id: first.body.id, name: 'Linesman', permissions: [4] },
      token,
    );
    expect(renamed.status).toBe(200);
    expect((await createRole({ name: 'Timekeeper', permissions: [4] }, token)).status).toBe(201);
    expect((await call(given.api, contracts.deleteRole, { id: first.body.id }, token)).status).toBe(200);
    expect(await getItem(given.stack.deps, keys.roleNameClaim(client.id, 'Linesman'))).toBeUndefined();
    expect((await createRole({ name: 'linesman', permissions: [4] }, token)).status).toBe(201);
  });

  it('a rename refused for another edit that landed first leaves its new name free at once', async () => {
    const { deps } = given.stack;
    const { admins } = await clientWithAdministrators('race-role-refused', 1);
    const token = admins[0]!.token;
    const made = await createRole({ name: 'Umpire', permissions: [4] }, token);
    const read = (await getRole(deps, made.body.id))!;
    const other = { id: read.id, version: 0, name: 'Umpire', permissions: [4, 5] };
    expect((await call(given.api, contracts.editRole, other, token)).status).toBe(200);
    const late = renameAndSaveRole(deps, read, { ...read, name: 'Referee', version: 1 }, deps.clock.now());
    await expect(late).rejects.toMatchObject({ code: 'ROLE_CHANGED' });
    expect((await createRole({ name: 'Referee', permissions: [4] }, token)).status).toBe(201);
  });

  it("a rename's late release of the old name leaves its claim to the edit that renamed the role back to it", async () => {
    const { deps } = given.stack;
    const { client, admins } = await clientWithAdministrators('race-role-back', 1);
    const made = await createRole({ name: 'Starter', permissions: [4] }, admins[0]!.token);
    const v0 = (await getRole(deps, made.body.id))!;
    const claimKey = keys.roleNameClaim(client.id, 'Starter');
    // The rename to Finisher is slow to give Starter back: meanwhile another edit renames the role back to Starter.
    let renamedBack = false;
    deps.db.middlewareStack.add(
      (next, context) => async (args) => {
        const releasing = context.commandName === 'DeleteItemCommand';
        if (!renamedBack && releasing && JSON.stringify(args.input).includes(`"${claimKey.SK}"`)) {
          renamedBack = true;
          const v1 = (await getRole(deps, v0.id))!;
          await renameAndSaveRole(deps, v1, { ...v1, name: 'Starter', version: 2 }, deps.clock.now());
        }
        return next(args);
      },
      { step: 'initialize', name: 'renameBackFirst' },
    );
    try {
      await renameAndSaveRole(deps, v0, { ...v0, name: 'Finisher', version: 1 }, deps.clock.now());
    } finally {
      deps.db.middlewareStack.remove('renameBackFirst');
    }
    expect(renamedBack).toBe(true);
    expect(await getRole(deps, v0.id)).toMatchObject({ name: 'Starter', version: 2 });
    expect(await getItem(deps, claimKey)).toMatchObject({ holderId: v0.id, holder: { name: 'Starter', version: 2 } });
  });
});

describe('one login-check method per client, added concurrently', () => {
  it('10 Client/add-method make 1 method; the 9 others are 409 METHOD_PURPOSE_TAKEN', async () => {
    const client = await createTenant(given.stack.deps, 'Race Methods', 'race-methods');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        addMethod({
          clientId: client.id,
          methodType: 'GET',
          passingParameterMethod: 'query',
          url: `https://directory${index}.example.com/check`,
          parameterName: 'login',
        }),
      ),
    );
    expect(statuses(answers)).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const loser of losers(answers))
      expect(loser.body).toEqual({
        error: 'The client already has a method for checking if a login is allowed to be used',
        code: 'METHOD_PURPOSE_TAKEN',
        requestId: expect.any(String),
      });
    const methods = await methodsOf(client);
    expect(methods).toHaveLength(1);
    // The one method stays editable, and once deleted the purpose is free again.
    const method = methods[0]!;
    expect((await call(given.api, contracts.editMethod, { ...method, parameterName: 'user' }, admin)).status).toBe(200);
    expect((await call(given.api, contracts.deleteMethod, { id: method.id }, admin)).status).toBe(200);
    const { id: _, ...sameFields } = method;
    const again = await addMethod(sameFields);
    expect(again.status).toBe(201);
  });
});

describe('one login, created concurrently', () => {
  it('20 User/create of one login make 1 user with 1 mail; the 19 others are 409', async () => {
    const { client, admins } = await clientWithAdministrators('race-logins', 1);
    await createStandardRoles(given.stack.deps, client.id);
    const form: RequestOf<typeof contracts.createUser> = {
      login: 'twin',
      emailAddress: 'twin@race-logins.example.com',
      displayName: 'Twin',
      firstName: 'T',
      lastName: 'Win',
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => createUser(form, admins[0]!.token)));
    expect(statuses(answers)).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const loser of losers(answers))
      expect(loser.body).toMatchObject({ error: "The login 'twin' is already taken" });
    const rows = (await listDirectory(given.stack.deps, client.id)).filter((row) => row.login === 'twin');
    expect(rows).toHaveLength(1);
    expect(mailsTo(given.stack.outboxDir, 'twin@race-logins.example.com', passwordLinkMail)).toHaveLength(1);
  });
});
