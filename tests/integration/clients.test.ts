// Tenant administration: clients, their sports, prizes and the users overview, through the real handlers.
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { RoleType, UserStatus } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf, ResponseOf } from '#domain/contracts/contract.ts';
import { hashPassword } from '../../functions/adapters/passwords.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { putRole } from '../../functions/store/roles.ts';
import { createUser } from '../../functions/store/account-claims.ts';
import { call, type RefusalBody } from './support/call.ts';
import { demo, useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T12:00:00Z' });

let sysadmin: string;
let coach: string;
let rivalAdmin: string;
let jules: string;
let demoId: number;
let rivalId: number;

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
const clientSports = async (token: string, clientId?: number) =>
  (await call(given.api, contracts.clientSportList, { clientId }, token)).body;
const prizes = async (token: string) => (await call(given.api, contracts.prizeList, {}, token)).body;
const deletePrize = (id: number) => call(given.api, contracts.deletePrize, { id }, sysadmin);
const userActivity = (input: RequestOf<typeof contracts.userActivity>, token: string) =>
  call(given.api, contracts.userActivity, input, token);
const affiliates = (input: RequestOf<typeof contracts.affiliateList>) =>
  call(given.api, contracts.affiliateList, input, coach);

beforeAll(async () => {
  [sysadmin, coach, rivalAdmin, jules] = await Promise.all([
    given.api.signIn('admin', 'pickem-admin', 'admin'),
    given.api.signIn('coach'),
    given.api.signIn('rival-admin', demo.password, 'rival'),
    given.api.signIn('jules', demo.password, 'rival'),
  ]);
  demoId = (await findClientByDomain(given.stack.deps, 'demo'))!.id;
  rivalId = (await findClientByDomain(given.stack.deps, 'rival'))!.id;
});

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
      passwordHash: await hashPassword('manager-pass'),
      dateCreated: '2026-11-01T00:00:00Z',
    });
    const manager = await given.api.signIn('demo-manager', 'manager-pass');
    const own = await deleteClient(demoId, manager);
    expect(own.status).toBe(409);
    expect(own.body.error).toBe('You cannot delete your own client');
    expect((await me(coach)).status).toBe(200);
  });
});

describe('client sports', () => {
  const sportList = async (token: string) => (await clientSports(token)).map((sport) => sport.sportName);

  it('adds a sport with the defaults for days left out, once; an affiliate of another sport or an unknown sport or client is refused', async () => {
    const add = (form: Omit<RequestOf<typeof contracts.addClientSport>, 'clientId'>) =>
      call(given.api, contracts.addClientSport, { clientId: rivalId, ...form }, sysadmin);
    const foreign = await add({ sportId: 35, affiliateId: 1 });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('The affiliate 1 is not an affiliate of NBA');
    expect((await add({ sportId: 99, affiliateId: 1 })).status).toBe(404);
    const unknownClient = { clientId: 999999, sportId: 35, affiliateId: 3 };
    expect((await call(given.api, contracts.addClientSport, unknownClient, sysadmin)).status).toBe(404);

    const added = await add({ sportId: 35, affiliateId: 3, allowSaturdayPicks: false });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      clientId: rivalId,
      sportId: 35,
      sportName: 'NBA',
      affiliateId: 3,
      affiliateName: expect.any(String),
      allowMondayPicks: false,
      allowTuesdayPicks: false,
      allowWednesdayPicks: true,
      allowSaturdayPicks: false,
      firstBonusGameDay: 6,
      secondBonusGameDay: 7,
    });
    expect(await sportList(jules)).toEqual(['NFL', 'NBA']);

    const again = await add({ sportId: 35, affiliateId: 3 });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('NBA is already a sport of this client');
  });

  it('edits days and affiliate; an affiliate of another sport is refused (400)', async () => {
    const nba = (await clientSports(sysadmin, rivalId)).find((sport) => sport.sportId === 35)!;
    const editSport = (form: RequestOf<typeof contracts.editClientSport>, token = sysadmin) =>
      call(given.api, contracts.editClientSport, form, token);
    const edited = await editSport({ id: nba.id, allowSundayPicks: false, secondBonusGameDay: 5 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: nba.id,
      allowSundayPicks: false,
      secondBonusGameDay: 5,
      allowSaturdayPicks: false,
    });
    const foreign = await editSport({ id: nba.id, affiliateId: 1 });
    expect(foreign.status).toBe(400);
    const listed = (await clientSports(jules)).find((sport) => sport.sportId === 35);
    expect(listed).toMatchObject({ allowSundayPicks: false, affiliateId: 3 });
    expect((await editSport({ id: 999999 })).status).toBe(404);
    expect((await editSport({ id: nba.id }, rivalAdmin)).status).toBe(403);
  });

  it('removing a sport hides it from the players; adding it back shows their earlier picks again', async () => {
    await given.stack.settled();
    const nfl = (await clientSports(jules)).find((sport) => sport.sportId === 33)!;
    const picksOf = () => call(given.api, contracts.betList, { sportId: 33, weekId: 20263302 }, jules);
    const before = await picksOf();
    expect(before.body.data.filter((row) => row.id !== null).length).toBeGreaterThan(0);

    const removeSport = () => call(given.api, contracts.deleteClientSport, { id: nfl.id }, sysadmin);
    const removed = await removeSport();
    expect(removed.body).toEqual({ message: 'Sport has been deleted' });
    expect(await sportList(jules)).toEqual(['NBA']);
    const hidden = await picksOf();
    expect(hidden.status).toBe(400);
    expect(hidden.body.code).toBe('SPORT_NOT_ENABLED');
    expect((await removeSport()).status).toBe(404);

    const back = await call(
      given.api,
      contracts.addClientSport,
      { clientId: rivalId, sportId: 33, affiliateId: nfl.affiliateId },
      sysadmin,
    );
    expect(back.status).toBe(201);
    expect(back.body.id).toBe(nfl.id);
    expect(await sportList(jules)).toEqual(['NFL', 'NBA']);
    expect((await picksOf()).body.data).toEqual(before.body.data);
  });

  it('lists the affiliates of one sport, or of every sport', async () => {
    const nfl = (await affiliates({ sportId: 33 })).body;
    expect(nfl.length).toBeGreaterThan(0);
    expect(nfl.every((affiliate) => affiliate.sportId === 33)).toBe(true);
    const all = (await affiliates({})).body;
    expect(new Set(all.map((affiliate) => affiliate.sportId))).toEqual(new Set([33, 35]));
    expect((await affiliates({ sportId: 99 })).status).toBe(404);
  });
});

describe('prizes', () => {
  it('are added, edited and deleted within a client, and listed to its members only', async () => {
    const added = await call(
      given.api,
      contracts.addPrize,
      { clientId: rivalId, name: 'Gift card', cost: '25.50' },
      sysadmin,
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ clientId: rivalId, name: 'Gift card', cost: 25.5, active: true });
    expect(await prizes(rivalAdmin)).toEqual([added.body]);
    expect(await prizes(coach)).toEqual([]);
    const foreign = await call(given.api, contracts.prizeList, { clientId: rivalId }, coach);
    expect(foreign.status).toBe(403);

    const editPrize = (form: RequestOf<typeof contracts.editPrize>) =>
      call(given.api, contracts.editPrize, form, sysadmin);
    const edited = await editPrize({ id: added.body.id, name: 'Big gift card', cost: '30', active: false });
    expect(edited.body).toMatchObject({ id: added.body.id, name: 'Big gift card', cost: 30, active: false });

    const deleted = await deletePrize(added.body.id);
    expect(deleted.body).toEqual({ message: 'Prize has been deleted' });
    expect(await prizes(rivalAdmin)).toEqual([]);
    const gone = await editPrize({ id: added.body.id, name: 'Again', cost: '1' });
    expect(gone.status).toBe(404);
  });

  it('refuses a negative cost, more than two decimals and a missing name (400)', async () => {
    const add = (form: Omit<RequestOf<typeof contracts.addPrize>, 'clientId'>) =>
      call(given.api, contracts.addPrize, { clientId: rivalId, ...form }, sysadmin);
    const negative = await add({ name: 'Debt', cost: '-1' });
    expect(negative.status).toBe(400);
    expect(negative.body.error).toBe('Cost must be an amount between 0 and 1,000,000 with at most two decimals');
    expect((await add({ name: 'Fine', cost: '1.005' })).status).toBe(400);
    expect((await add({ name: '', cost: '1' })).status).toBe(400);
    expect(await prizes(rivalAdmin)).toEqual([]);
  });

  it('takes any price with two decimals, such as 19.99 (no binary-fraction surprise)', async () => {
    const added = await call(
      given.api,
      contracts.addPrize,
      { clientId: rivalId, name: 'Cap', cost: '19.99' },
      sysadmin,
    );
    expect(added.status).toBe(201);
    expect(added.body.cost).toBe(19.99);
    await deletePrize(added.body.id);
  });

  it('a company admin cannot add a prize to another client (403)', async () => {
    const answer = await call(given.api, contracts.addPrize, { clientId: rivalId, name: 'Sneaky', cost: '1' }, coach);
    expect(answer.status).toBe(403);
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

  it('refuses a sport the client does not play (400) and another client for a company admin (403)', async () => {
    const acme = (await findClientByDomain(given.stack.deps, 'acme'))!;
    const unplayed = await userActivity({ sportId: 33, clientId: acme.id }, sysadmin);
    expect(unplayed.status).toBe(400);
    expect((await userActivity({ sportId: 33, clientId: rivalId }, coach)).status).toBe(403);
  });
});
