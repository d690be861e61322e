// The users list reads its rows from per-order indexes: pages walk each order without gaps, a search finds the
// users a field of whom starts with the term, filters and totals agree, every read stays in the caller's client,
// and created, edited and deleted users move in the list at once. An older database's directory is moved over.
import { beforeAll, describe, expect, it } from 'vitest';
import { bettorRoleName, companyAdminRoleName } from '#domain/auth/standard-roles.ts';
import { type Client, type NewUser, type User, UserStatus } from '#domain/auth/user.ts';
import { createUserAccounts } from '../../functions/accounts/user-accounts.ts';
import { startUp } from '../../functions/lifecycle/start-up.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { createClient, findClientByDomain } from '../../functions/store/clients.ts';
import { createStandardRoles } from '../../functions/store/roles.ts';
import { listUsers } from '../../functions/store/users.ts';
import { keys } from '../../functions/store/keys.ts';
import { migrateUserList } from '../../functions/store/migrate-user-list.ts';
import { batchDelete, batchPut, deleteItem, putItem, queryAll } from '../../functions/store/state-table.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

type Query = RequestOf<typeof contracts.userList>;
type Listed = Awaited<ReturnType<typeof listAs>>;

let admin: string;
let coach: string;
let orchard: Client;
let bettorId: number;
let companyAdminId: number;

const people: [login: string, first: string, last: string][] = [
  ['apple', 'Zoe', 'Baker'],
  ['Birch', 'anna', 'Carter'],
  ['cedar', 'Anton', 'baker'],
  ['damson', 'Bea', 'Adams'],
  ['elder', 'Carl', 'Anderson'],
  ['fig', 'Dana', 'Zimmer'],
  ['grape', 'Ed', 'Young'],
  ['hazel', 'Fay', 'Xu'],
  ['ivy', 'Gus', 'Walsh'],
  ['juniper', 'Hal', 'Vance'],
  ['kiwi', 'Ida', 'Usher'],
  ['lime', 'Jo', 'Toms'],
];

beforeAll(async () => {
  const deps = { ...given.stack.deps, mailer: { send: async () => {} } };
  orchard = { id: await deps.ids.next('client'), name: 'Orchard', domain: 'orchard', dateCreated: '2024-01-01' };
  await createClient(deps, orchard);
  const roles = await createStandardRoles(deps, orchard.id);
  bettorId = roles.find((role) => role.name === bettorRoleName)!.id;
  companyAdminId = roles.find((role) => role.name === companyAdminRoleName)!.id;
  const asked: NewUser[] = people.map(([login, firstName, lastName], index) => ({
    login,
    emailAddress: `${login}@orchard.example.com`,
    displayName: `${firstName} ${lastName}`,
    firstName,
    lastName,
    middleName: '',
    phoneNumber: '',
    roleId: index % 4 === 0 ? companyAdminId : bettorId,
    active: index % 3 !== 0,
  }));
  await createUserAccounts(deps, orchard, asked);
  admin = await given.api.signIn('admin', adminPassword, 'admin');
  coach = await given.api.signIn('coach');
}, 120_000);

const listAs = async (token: string, form: Query) => {
  const answer = await call(given.api, contracts.userList, { limit: '50', ...form }, token);
  return { status: answer.status, ...answer.body };
};
const orchardList = async (form: Query) => {
  const answer = await listAs(admin, { clientId: String(orchard.id), ...form });
  expect(answer.status).toBe(200);
  return answer;
};
const logins = (listed: Listed) => listed.data.map((row) => row.login);
/** Every listed user of Orchard sorted by last name in any case, then by id. */
async function byLastName() {
  const all = (await orchardList({})).data;
  return all
    .map((row) => ({ login: row.login, key: [row.lastName.toLowerCase(), row.id] as const }))
    .sort((a, b) => (a.key[0] < b.key[0] ? -1 : a.key[0] > b.key[0] ? 1 : a.key[1] - b.key[1]))
    .map((row) => row.login);
}

describe('User/list paging and order', () => {
  it('pages walk the order without gaps or repeats, and each page carries the total of every listed user', async () => {
    const pages = await Promise.all(
      ['1', '2', '3'].map((page) => orchardList({ orderBy: 'Last Name', limit: '5', page })),
    );
    expect(pages.map((page) => page.total)).toEqual([12, 12, 12]);
    expect(pages.map((page) => page.data.length)).toEqual([5, 5, 2]);
    expect(pages.flatMap(logins)).toEqual(await byLastName());
    expect((await orchardList({ limit: '5', page: '4' })).data).toEqual([]);
  });

  it('each order sorts by its field in any case, equal values by id', async () => {
    const byFirst = logins(await orchardList({ orderBy: 'firstName' }));
    expect(byFirst.slice(0, 3)).toEqual(['Birch', 'cedar', 'damson']);
    // 'Baker' and 'baker' tie: the older user first.
    const bakers = (await orchardList({ orderBy: 'lastName', search: 'baker' })).data;
    expect(bakers.map((row) => row.lastName.toLowerCase())).toEqual(['baker', 'baker']);
    expect(bakers[0]!.id).toBeLessThan(bakers[1]!.id);
    const byId = (await orchardList({})).data.map((row) => row.id);
    expect(byId).toEqual([...byId].sort((a, b) => a - b));
    expect(logins(await orchardList({ orderBy: 'Email' }))).toEqual(
      people.map(([login]) => login).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
    );
  });
});

describe('User/list search and filters', () => {
  it('a search finds the users whose login, name or e-mail starts with it, in any case, and only those', async () => {
    expect(logins(await orchardList({ search: 'AN', orderBy: 'firstName' }))).toEqual(['Birch', 'cedar', 'elder']);
    expect(logins(await orchardList({ search: 'birch' }))).toEqual(['Birch']);
    expect(logins(await orchardList({ search: 'zoe baker' }))).toEqual(['apple']);
    // 'rape' is inside 'grape' but starts nothing.
    expect((await orchardList({ search: 'rape' })).total).toBe(0);
  });

  it('filters by role and status combine with a search and with paging; the total counts only what they keep', async () => {
    const admins = await orchardList({ roleId: String(companyAdminId), orderBy: 'Last Name' });
    expect(admins.total).toBe(3);
    expect(admins.data.every((row) => row.roleId === companyAdminId)).toBe(true);
    const inactiveBettors = await orchardList({
      roleId: String(bettorId),
      active: String(UserStatus.NotActive),
      orderBy: 'lastName',
    });
    expect(logins(inactiveBettors)).toEqual(['damson', 'juniper', 'grape']);
    expect(inactiveBettors.total).toBe(3);
    const second = await orchardList({
      active: String(UserStatus.Active),
      limit: '3',
      page: '2',
      orderBy: 'firstName',
    });
    expect(second.total).toBe(8);
    expect(logins(second)).toEqual(['fig', 'hazel', 'ivy']);
    const searched = await orchardList({ search: 'a', active: String(UserStatus.Active), orderBy: 'firstName' });
    expect(logins(searched)).toEqual(['Birch', 'cedar', 'elder']);
  });

  it('an id finds that one user, with the filters still applied', async () => {
    const [first] = (await orchardList({})).data;
    expect(logins(await orchardList({ id: String(first!.id) }))).toEqual([first!.login]);
    const otherRole = first!.roleId === bettorId ? companyAdminId : bettorId;
    expect((await orchardList({ id: String(first!.id), roleId: String(otherRole) })).total).toBe(0);
  });
});

describe('User/list tenancy', () => {
  it("a company administrator sees only their own client: another's users are neither listed nor found", async () => {
    const own = await listAs(coach, { search: 'apple' });
    expect(own.status).toBe(200);
    expect(own.total).toBe(0);
    const [orchardUser] = (await orchardList({})).data;
    expect((await listAs(coach, { id: String(orchardUser!.id) })).total).toBe(0);
    expect((await listAs(coach, { clientId: String(orchard.id) })).status).toBe(403);
    expect((await listAs(coach, {})).data.every((row) => !people.some(([login]) => login === row.login))).toBe(true);
  });
});

describe('User/list follows every write of a user', () => {
  it('a created user appears in place, an edit moves them in the order and the search, a deleted user leaves the list and the total', async () => {
    const before = (await listAs(coach, {})).total;
    const created = await call(
      given.api,
      contracts.createUser,
      {
        login: 'quince',
        emailAddress: 'quince@players.example.com',
        displayName: 'Quincy',
        firstName: 'Quincy',
        lastName: 'Aardvark',
      },
      coach,
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await listAs(coach, {})).total).toBe(before + 1);
    expect(logins(await listAs(coach, { orderBy: 'Last Name', limit: '1' }))).toEqual(['quince']);
    expect(logins(await listAs(coach, { search: 'quince' }))).toEqual(['quince']);

    const edited = await call(
      given.api,
      contracts.editUser,
      { id, displayName: 'Quincy', firstName: 'Quincy', lastName: 'Zzyzx' },
      coach,
    );
    expect(edited.status).toBe(200);
    expect(logins(await listAs(coach, { orderBy: 'Last Name', limit: '1' }))).not.toEqual(['quince']);
    expect(logins(await listAs(coach, { search: 'zzy' }))).toEqual(['quince']);
    expect((await listAs(coach, { search: 'aardv' })).total).toBe(0);

    const removed = await call(given.api, contracts.deleteUser, { id }, coach);
    expect(removed.status).toBe(200);
    expect((await listAs(coach, {})).total).toBe(before);
    expect((await listAs(coach, { search: 'quince' })).total).toBe(0);
    expect((await listAs(coach, { id: String(id) })).total).toBe(0);
  });

  it('counts a crash left off are counted again by the start-up; without them a list counts the rows', async () => {
    const { deps } = given.stack;
    const active = { active: String(UserStatus.Active) };
    const before = await orchardList(active);
    await deleteItem(deps, keys.userCounts(orchard.id));
    expect((await orchardList(active)).total).toBe(before.total);
    // Counts that count nobody: a crash between rows and their counts, many times over.
    await putItem(deps, { ...keys.userCounts(orchard.id), counted: true });
    expect((await orchardList(active)).total).toBe(0);
    await startUp(deps);
    expect((await orchardList(active)).total).toBe(before.total);
  });
});

describe('the users list of an older database', () => {
  it("the start-up moves each client's users from the old directory to the list's rows, once", async () => {
    const { deps } = given.stack;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const users = await listUsers(deps, demo.id);
    const listedBefore = await listAs(coach, { orderBy: 'Last Name' });
    // An older database: the users, an old directory bucket, no list rows, no migration marker.
    const rows = await queryAll<{ SK: string }>(deps, keys.userListPartition(demo.id));
    expect(rows.length).toBeGreaterThan(0);
    await batchDelete(deps, [
      ...users.flatMap((user: User) =>
        ['id', 'login', 'displayName', 'firstName', 'middleName', 'lastName', 'phoneNumber', 'emailAddress'].map(
          (order) => keys.userListRow(demo.id, order, user.id),
        ),
      ),
      keys.userCounts(demo.id),
      keys.migration('user-list-rows'),
    ]);
    await batchPut(deps, [{ PK: keys.userDirectoryPartition(demo.id), SK: 'BUCKET#0000000000', users: {} }]);
    expect((await listAs(coach, {})).total).toBe(0);

    expect(await migrateUserList(deps)).toBeGreaterThanOrEqual(users.length);
    const listedAfter = await listAs(coach, { orderBy: 'Last Name' });
    expect(listedAfter.total).toBe(listedBefore.total);
    expect(logins(listedAfter)).toEqual(logins(listedBefore));
    expect(await queryAll(deps, keys.userDirectoryPartition(demo.id))).toEqual([]);
    expect(await migrateUserList(deps)).toBeUndefined();
  });
});
