// The administration's invariants (docs/invariants.md): under real concurrency on dynalite exactly the
// invariant's number of simultaneous requests win and every loser is a 409 with a message; an account a crash
// left half-made is made whole; self-contradicting or oversized input is a 4xx `{ error, code }`.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, type User, UserStatus } from '#domain/auth/user.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import type { Deps } from '../../functions/adapters/deps.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { finishPendingAccounts } from '../../functions/accounts/user-accounts.ts';
import { createStandardRoles } from '../../functions/store/roles.ts';
import { getUser } from '../../functions/store/users.ts';
import { claimLogin, type LoginClaim, readClaim } from '../../functions/store/account-claims.ts';
import { keys } from '../../functions/store/keys.ts';
import { putItem } from '../../functions/store/state-table.ts';
import { listDirectory } from '../../functions/store/user-directory.ts';
import { createTenant, memberWith } from '../security/support/probe-tenants.ts';
import { call } from './support/call.ts';
import { type Answer, useTestStack } from './support/test-stack.ts';
import { mailsTo, passwordLinkMail } from '../support/outbox.ts';

const given = useTestStack();
let admin: string;

beforeAll(async () => {
  admin = await given.api.signIn('admin', adminPassword, 'admin');
});

type RoleFields = RequestOf<typeof contracts.createRole>;
const createRole = (body: RoleFields, token: string) => call(given.api, contracts.createRole, body, token);
const addMethod = (body: RequestOf<typeof contracts.addMethod>) => call(given.api, contracts.addMethod, body, admin);
const methodsOf = async (client: Client) =>
  (await call(given.api, contracts.methodList, { clientId: client.id }, admin)).body;
const createUser = (form: RequestOf<typeof contracts.createUser>, token: string) =>
  call(given.api, contracts.createUser, form, token);
const sportsOf = async (client: Client) =>
  (await call(given.api, contracts.clientSportList, { clientId: client.id }, admin)).body;

const statuses = (answers: Answer<unknown>[]) => answers.map((answer) => answer.status).sort();
const losers = (answers: Answer<unknown>[]) => answers.filter((answer) => answer.status === 409);

/** A fresh client with `count` company administrators. */
async function clientWithAdministrators(domain: string, count: number) {
  const client = await createTenant(given.stack.deps, `Race ${domain}`, domain);
  const admins = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      memberWith(given.stack.deps, client, companyAdminPermissions, { login: `${domain}-admin-${index}` }),
    ),
  );
  return { client, admins };
}

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
    const { admins } = await clientWithAdministrators('race-role-names', 1);
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
    expect((await createRole({ name: 'linesman', permissions: [4] }, token)).status).toBe(201);
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

describe('an account a crash left half-made', () => {
  const newcomer = (client: Client, login: string, id: number): User => ({
    id,
    clientId: client.id,
    login,
    displayName: login,
    emailAddress: `${login}@crash.example.com`,
    firstName: 'Half',
    lastName: 'Made',
    middleName: '',
    phoneNumber: '',
    status: UserStatus.Active,
    roleId: 0,
    passwordHash: '',
    dateCreated: '2026-11-22T12:00:00Z',
  });

  it('committed by its login claim only: the start-up check writes the user and directory row and mails once', async () => {
    const { client } = await clientWithAdministrators('crash-claims', 1);
    const [bettor] = await createStandardRoles(given.stack.deps, client.id);
    const user = { ...newcomer(client, 'halfway', await given.stack.deps.ids.next('user')), roleId: bettor!.id };
    // What a process killed right after the commit point leaves behind.
    expect(await claimLogin(given.stack.deps, user, { mail: 'pending' })).toHaveProperty('claimed');
    expect(await getUser(given.stack.deps, client.id, user.id)).toBeUndefined();

    expect(await finishPendingAccounts(given.stack.deps)).toBeGreaterThanOrEqual(1);
    expect(await finishPendingAccounts(given.stack.deps)).toBe(0);
    expect(await getUser(given.stack.deps, client.id, user.id)).toMatchObject({ login: 'halfway' });
    expect((await listDirectory(given.stack.deps, client.id)).map((row) => row.login)).toContain('halfway');
    expect(mailsTo(given.stack.outboxDir, user.emailAddress, passwordLinkMail)).toHaveLength(1);
  });

  /**
   * The deps with a pending-accounts index that also names `claims` no item holds: what a kill between the local
   * database's index write and its item write leaves (dynalite writes the index first), and what a lagging DynamoDB
   * index may answer for a moment.
   */
  const indexNaming = (deps: Deps, claims: LoginClaim[]): Deps => ({
    ...deps,
    db: {
      send: async (command: QueryCommand) => {
        const answer = await deps.db.send(command);
        const pending =
          command instanceof QueryCommand &&
          command.input.IndexName === 'GSI1' &&
          command.input.ExpressionAttributeValues?.[':pk'] === keys.pendingAccounts;
        return pending ? { ...answer, Items: [...claims, ...(answer.Items ?? [])] } : answer;
      },
    } as unknown as Deps['db'],
  });

  it('a pending claim the index names but no item holds makes no account and no mail: the login is then made once', async () => {
    const { client, admins } = await clientWithAdministrators('phantom-claims', 1);
    const [bettor] = await createStandardRoles(given.stack.deps, client.id);
    const user = { ...newcomer(client, 'phantom', await given.stack.deps.ids.next('user')), roleId: bettor!.id };

    await finishPendingAccounts(indexNaming(given.stack.deps, [{ userId: user.id, user, mail: 'pending' }]));
    expect(await getUser(given.stack.deps, client.id, user.id)).toBeUndefined();
    expect(await readClaim(given.stack.deps, client.id, 'phantom')).toBeUndefined();
    expect((await listDirectory(given.stack.deps, client.id)).map((row) => row.login)).not.toContain('phantom');
    expect(mailsTo(given.stack.outboxDir, user.emailAddress, passwordLinkMail)).toHaveLength(0);

    const created = await createUser(
      { login: 'phantom', emailAddress: user.emailAddress, displayName: 'P', firstName: 'P', lastName: 'H' },
      admins[0]!.token,
    );
    expect(created.status).toBe(201);
    expect((await listDirectory(given.stack.deps, client.id)).filter((row) => row.login === 'phantom')).toHaveLength(1);
    expect(mailsTo(given.stack.outboxDir, user.emailAddress, passwordLinkMail)).toHaveLength(1);
  });

  it('a login claimed without a user by older code is released: check-login says free and the login can be made', async () => {
    const { client, admins } = await clientWithAdministrators('orphan-claims', 1);
    await createStandardRoles(given.stack.deps, client.id);
    await putItem(given.stack.deps, { ...keys.loginClaim(client.id, 'ghost'), userId: 999_999 });
    const check = await call(given.api, contracts.checkLogin, { login: 'ghost', domain: client.domain });
    expect(check.body).toEqual({ login: 'ghost', available: true });
    await putItem(given.stack.deps, { ...keys.loginClaim(client.id, 'ghost'), userId: 999_999 });
    const created = await createUser(
      { login: 'ghost', emailAddress: 'ghost@crash.example.com', displayName: 'G', firstName: 'G', lastName: 'H' },
      admins[0]!.token,
    );
    expect(created.status).toBe(201);
  });

  it('a login item naming no user at all (a claim completed once it was gone) holds no account: the login can be made', async () => {
    const { client, admins } = await clientWithAdministrators('stray-claims', 1);
    await createStandardRoles(given.stack.deps, client.id);
    await putItem(given.stack.deps, { ...keys.loginClaim(client.id, 'stray'), mail: 'sent' });
    const check = await call(given.api, contracts.checkLogin, { login: 'stray', domain: client.domain });
    expect(check.body).toEqual({ login: 'stray', available: true });
    await putItem(given.stack.deps, { ...keys.loginClaim(client.id, 'stray'), mail: 'sent' });
    const created = await createUser(
      { login: 'stray', emailAddress: 'stray@crash.example.com', displayName: 'S', firstName: 'S', lastName: 'T' },
      admins[0]!.token,
    );
    expect(created.status).toBe(201);
  });
});

describe('self-contradicting or oversized input', () => {
  it('a method header that frames the request or belongs to the connection is 400 with the reason', async () => {
    const client = await createTenant(given.stack.deps, 'Header Club', 'header-club');
    for (const headerName of [
      'Content-Length',
      'transfer-encoding',
      'Host',
      'Connection',
      'TE',
      'Expect',
      'Proxy-Authorization',
    ]) {
      const answer = await addMethod({
        clientId: client.id,
        methodType: 'GET',
        passingParameterMethod: 'query',
        url: 'https://directory.example.com/check',
        parameterName: 'login',
        headerName,
        headerValue: '1',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(
        `Header name cannot be ${headerName}: it frames the request or belongs to the connection, so the call would break`,
      );
    }
    expect(await methodsOf(client)).toEqual([]);
  });

  it('a bonus game day set as a regular pick day is 400 and the client sport keeps its days', async () => {
    const client = await createTenant(given.stack.deps, 'Days Club', 'days-club');
    const [clientSport] = await sportsOf(client);
    const answer = await call(
      given.api,
      contracts.editClientSport,
      { id: clientSport!.id, allowMondayPicks: true },
      admin,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'Monday is a bonus day; it cannot also be a regular pick day',
      code: 'BONUS_DAY_CONFLICT',
    });
    const [after] = await sportsOf(client);
    expect(after).toEqual(clientSport);
  });

  // Probe of the raw HTTP: a content type with no body at all, which no contract's encoding sends.
  it('an empty body of any content type is no fields: Process/list answers with application/json and nothing in it', async () => {
    const answer = await given.api.call('POST', '/api/Process/list', {
      token: admin,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
  });

  // Probe of the raw HTTP: an address and headers past the server's limits.
  it('an oversized query string is 414 and oversized headers 431, both as JSON', async () => {
    const long = await fetch(`${given.stack.url}/Services/api/Process/list?q=${'x'.repeat(20_000)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual({ error: 'The address is longer than 10 kB', code: 'URI_TOO_LONG' });
    const heavy = await fetch(`${given.stack.url}/Services/api/Process/list`, {
      headers: { 'x-padding': 'y'.repeat(70_000) },
    });
    expect(heavy.status).toBe(431);
    expect(await heavy.json()).toEqual({
      error: 'The request headers are larger than 64 kB',
      code: 'HEADERS_TOO_LARGE',
    });
  });
});
