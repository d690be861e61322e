// Tenant administration: clients created, listed, edited and deleted through the real handlers, with the domains
// they serve; and a client's users overview.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { RoleType, UserStatus } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf, ResponseOf } from '#domain/contracts/contract.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { putRole } from '../support/put-role.ts';
import { createUser, findUserByLogin } from '../../functions/store/account-claims.ts';
import { call, type RefusalBody } from './support/call.ts';
import { coach, demoId, rivalAdmin, rivalId, sysadmin, useClientsStack } from './support/clients.ts';

const given = useClientsStack();

const signUpForm = (login: string): Omit<RequestOf<typeof contracts.register>, 'domain'> => ({
  login,
  emailAddress: `${login}@example.com`,
  password: 'sign-up-pass',
  repeatPassword: 'sign-up-pass',
  displayName: login,
  firstName: 'First',
  lastName: 'Last',
  phoneNumber: '+1 202 555 0142',
});

const signUp = (login: string, domain: string) => call(given.api, contracts.register, { ...signUpForm(login), domain });

/**
 * A sign-up as a browser at http://{host} sends it: the tenant comes from the Host header alone. A probe of the
 * raw HTTP (a Host header fetch cannot set), so it is sent by hand on the contract's route.
 */
function signUpAtHost(
  login: string,
  host: string,
): Promise<{ status: number; body: ResponseOf<typeof contracts.register> & RefusalBody }> {
  const body = JSON.stringify(signUpForm(login));
  const { hostname, port } = new URL(given.stack.url);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        hostname,
        port,
        method: contracts.register.method,
        path: contracts.register.path,
        headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const createClient = (name: string, domain: string) =>
  call(given.api, contracts.createClient, { name, domain }, sysadmin);
const clientList = (paging: RequestOf<typeof contracts.clientList>, token = sysadmin) =>
  call(given.api, contracts.clientList, paging, token);
const editClient = (form: RequestOf<typeof contracts.editClient>) =>
  call(given.api, contracts.editClient, form, sysadmin);
const deleteClient = (id: number, token = sysadmin) => call(given.api, contracts.deleteClient, { id }, token);
const me = (token: string) => call(given.api, contracts.currentUser, {}, token);
const userActivity = (input: RequestOf<typeof contracts.userActivity>, token: string) =>
  call(given.api, contracts.userActivity, input, token);

describe('clients', () => {
  it('a new client answers 201, gets Bettor and Company Admin roles, and takes sign-ups at {domain}.localhost at once', async () => {
    const created = await createClient('Acme Pool', 'acme');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), name: 'Acme Pool', domain: 'acme' });

    const joined = await signUpAtHost('acme-player', 'acme.localhost:3000');
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ client: 'Acme Pool', role: 'Bettor' });
    expect(
      (await call(given.api, contracts.signIn, { login: 'acme-player', password: 'sign-up-pass', domain: 'acme' }))
        .status,
    ).toBe(200);
  });

  it('a domain is used once: taken, reserved or malformed domains are refused and nothing is created', async () => {
    const taken = await createClient('Demo Again', 'demo');
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("The domain 'demo' is already used by another client");
    const reserved = await createClient('World', 'www');
    expect(reserved.status).toBe(400);
    expect(reserved.body.error).toBe('This domain is reserved');
    expect((await createClient('Bad', 'Bad_Domain!')).status).toBe(400);
    expect((await createClient('', 'blank-name')).body.error).toBe('Client Name is required');
    const names = (await clientList({ limit: 100 })).body.data.map((client) => client.name);
    expect(names).not.toContain('Demo Again');
    expect(names).not.toContain('World');
  });

  it('lists clients that are not deleted, by name, paged', async () => {
    for (let index = 0; index < 10; index++) await createClient(`Page Club ${index}`, `page-club-${index}`);
    const all = (await clientList({ limit: 100, page: 1 })).body;
    const names = all.data.map((client) => client.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(all.total).toBe(names.length);
    const second = await clientList({ limit: 10, page: 2 });
    expect(second.body.total).toBe(all.total);
    expect(second.body.data.map((client) => client.name)).toEqual(names.slice(10, 20));
    expect(second.body.data[0]).not.toHaveProperty('archivedAt');
  });

  it('a company admin without client management cannot list or create clients (403)', async () => {
    expect((await clientList({}, coach)).status).toBe(403);
    expect((await call(given.api, contracts.createClient, { name: 'Mine', domain: 'mine' }, coach)).status).toBe(403);
  });

  it('editing renames and moves a client: the new domain serves it, the old one serves nobody and stays reserved', async () => {
    const { body: client } = await createClient('Movers', 'movers-old');
    const edited = await editClient({ id: client.id, name: 'Movers United', domain: 'movers-new' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: client.id, name: 'Movers United', domain: 'movers-new' });
    expect((await signUp('mover', 'movers-new')).body).toMatchObject({ client: 'Movers United' });
    expect((await signUp('mover2', 'movers-old')).status).toBe(404);
    expect((await createClient('Squatter', 'movers-old')).status).toBe(409);

    const takenDomain = await editClient({ id: client.id, name: 'Movers United', domain: 'demo' });
    expect(takenDomain.status).toBe(409);
    expect((await signUp('mover3', 'movers-new')).status).toBe(201);
    const unknown = await editClient({ id: 999999, name: 'Nobody' });
    expect(unknown.status).toBe(404);
    // A field left out stays: a move alone keeps the name another administrator gave meanwhile.
    expect((await editClient({ id: client.id, name: 'Movers Ltd' })).status).toBe(200);
    const moved = await editClient({ id: client.id, domain: 'movers-newer' });
    expect(moved.body).toMatchObject({ name: 'Movers Ltd', domain: 'movers-newer' });
    expect((await editClient({ id: client.id })).body).toMatchObject({ name: 'Movers Ltd', domain: 'movers-newer' });
  });

  it('a deleted client leaves the list; its users cannot sign in, their tokens stop working, its domain stays taken', async () => {
    const { body: client } = await createClient('Doomed', 'doomed');
    expect((await signUp('doomed-player', 'doomed')).status).toBe(201);
    const token = await given.api.signIn('doomed-player', 'sign-up-pass', 'doomed');

    const deleted = await deleteClient(client.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Client has been deleted' });

    const list = (await clientList({ limit: 100 })).body.data;
    expect(list.map((row) => row.id)).not.toContain(client.id);
    const signIn = await call(given.api, contracts.signIn, {
      login: 'doomed-player',
      password: 'sign-up-pass',
      domain: 'doomed',
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error).toBe("This client's pool has been closed");
    const old = await me(token);
    expect(old.status).toBe(401);
    expect(old.body.error).toBe("This client's pool has been closed");
    expect((await signUp('doomed-two', 'doomed')).status).toBe(404);
    expect((await call(given.api, contracts.checkLogin, { login: 'free-name', domain: 'doomed' })).status).toBe(404);
    const linkAsked = await call(given.api, contracts.sendPasswordLink, { login: 'doomed-player', domain: 'doomed' });
    expect(linkAsked.status).toBe(404);
    const reused = await createClient('Phoenix', 'doomed');
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe("The domain 'doomed' is already used by another client");
    expect((await deleteClient(client.id)).status).toBe(404);
  });

  it('the system client may be renamed but keeps its domain, where its administrators sign in (409)', async () => {
    const system = (await findClientByDomain(given.stack.deps, 'admin'))!;
    const moved = await editClient({ id: system.id, name: system.name, domain: 'ops' });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toBe("The system client's domain cannot change");
    const renamed = await editClient({ id: system.id, name: 'Operators' });
    expect(renamed.status).toBe(200);
    expect((await findClientByDomain(given.stack.deps, 'admin'))!.name).toBe('Operators');
    await editClient({ id: system.id, name: system.name });
  });

  it('refuses to delete the system client or the caller’s own client (409)', async () => {
    const system = (await findClientByDomain(given.stack.deps, 'admin'))!;
    const refused = await deleteClient(system.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('The system client cannot be deleted');

    const deps = given.stack.deps;
    const role = {
      id: await deps.ids.next('role'),
      name: 'Demo Manager',
      clientId: demoId,
      roleType: RoleType.UserCreated,
      permissions: [
        Permission.ViewOwnProfile,
        Permission.ViewClients,
        Permission.EditClients,
        Permission.DeleteClients,
      ],
    };
    await putRole(deps, role);
    await createUser(deps, {
      id: await deps.ids.next('user'),
      clientId: demoId,
      login: 'demo-manager',
      displayName: 'Manager',
      emailAddress: 'manager@demo.example.com',
      firstName: 'Demo',
      lastName: 'Manager',
      middleName: '',
      phoneNumber: '+15550000002',
      status: UserStatus.Active,
      roleId: role.id,
      passwordHash: await given.stack.deps.passwords.hash('manager-pass'),
      dateCreated: '2026-11-01T00:00:00Z',
    });
    const manager = await given.api.signIn('demo-manager', 'manager-pass');
    const own = await deleteClient(demoId, manager);
    expect(own.status).toBe(409);
    expect(own.body.error).toBe('You cannot delete your own client');
    expect((await me(coach)).status).toBe(200);
  });
});

describe('user activity', () => {
  it('counts per role the users who picked in the sport this season (active) and the others', async () => {
    expect((await signUp('rival-newcomer', 'rival')).status).toBe(201);
    await given.stack.settled();
    const answer = await userActivity({ sportId: 33 }, rivalAdmin);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      total: 5,
      users: [
        { role: 'Bettor', active: 3, notActive: 1, total: 4 },
        { role: 'Company Admin', active: 1, notActive: 0, total: 1 },
      ],
    });
  });

  it('leaves a deleted user out of every count: the total is the sum of the rows', async () => {
    expect((await signUp('rival-leaver', 'rival')).status).toBe(201);
    const rival = (await findClientByDomain(given.stack.deps, 'rival'))!;
    const leaver = (await findUserByLogin(given.stack.deps, rival.id, 'rival-leaver'))!;
    const before = (await userActivity({ sportId: 33 }, rivalAdmin)).body;
    expect((await call(given.api, contracts.deleteUser, { id: leaver.id }, rivalAdmin)).status).toBe(200);
    const after = (await userActivity({ sportId: 33 }, rivalAdmin)).body;
    expect(after.total).toBe(before.total - 1);
    expect(after.total).toBe(after.users.reduce((sum: number, row: { total: number }) => sum + row.total, 0));
  });

  it("tells a deleted role's holders apart from a live role of the same name: one row each", async () => {
    const { deps } = given.stack;
    const scout = async (archivedAt?: string) => {
      const role = {
        id: await deps.ids.next('role'),
        name: 'Scout',
        clientId: rivalId,
        roleType: RoleType.UserCreated,
      };
      await putRole(deps, { ...role, permissions: [Permission.ViewOwnProfile], ...(archivedAt && { archivedAt }) });
      const id = await deps.ids.next('user');
      const login = `scout-${id}`;
      const fields = { firstName: 'S', lastName: 'Cout', middleName: '', phoneNumber: '+15550000003' };
      await createUser(deps, {
        ...{ id, clientId: rivalId, login, displayName: login, emailAddress: `${login}@rival.example.com`, ...fields },
        ...{ status: UserStatus.Active, roleId: role.id, passwordHash: 'x', dateCreated: '2026-11-01T00:00:00Z' },
      });
    };
    // A holder of a role deleted while it was given (docs/invariants.md, inv-2b), then its name used again.
    await scout('2026-11-02T00:00:00Z');
    await scout();
    const { users } = (await userActivity({ sportId: 33 }, rivalAdmin)).body;
    expect(users.filter((row) => row.role.startsWith('Scout'))).toEqual([
      { role: 'Scout', active: 0, notActive: 1, total: 1 },
      { role: 'Scout (deleted)', active: 0, notActive: 1, total: 1 },
    ]);
  });

  it('refuses a sport the client does not play (400) and another client for a company admin (403)', async () => {
    const acme = (await findClientByDomain(given.stack.deps, 'acme'))!;
    const unplayed = await userActivity({ sportId: 33, clientId: acme.id }, sysadmin);
    expect(unplayed.status).toBe(400);
    expect((await userActivity({ sportId: 33, clientId: rivalId }, coach)).status).toBe(403);
  });
});
