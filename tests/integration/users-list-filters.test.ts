// The users list narrows to one role and to one status; the total counts only the users the filters select.
import { beforeAll, describe, expect, it } from 'vitest';
import { bettorRoleName, companyAdminRoleName } from '#domain/auth/standard-roles.ts';
import { UserStatus } from '#domain/auth/user.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listAllRoles } from '../../functions/store/roles.ts';
import { createUser } from '../../functions/store/account-claims.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf, ResponseOf } from '#domain/contracts/contract.ts';
import { call, send } from './support/call.ts';
import { routeOf } from './support/route-of.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

type Query = RequestOf<typeof contracts.userList>;

let coach: string;
let bettorId: number;
let companyAdminId: number;

beforeAll(async () => {
  const { deps } = given.stack;
  const demo = (await findClientByDomain(deps, 'demo'))!;
  const roles = (await listAllRoles(deps)).filter((role) => role.clientId === demo.id);
  bettorId = roles.find((role) => role.name === bettorRoleName)!.id;
  companyAdminId = roles.find((role) => role.name === companyAdminRoleName)!.id;
  await createUser(deps, {
    id: await deps.ids.next('user'),
    clientId: demo.id,
    login: 'sleeper',
    displayName: 'Sleeper',
    emailAddress: 'sleeper@demo.example.com',
    firstName: 'Sam',
    lastName: 'Sleeper',
    middleName: '',
    phoneNumber: '',
    status: UserStatus.NotActive,
    roleId: bettorId,
    passwordHash: 'unused',
    dateCreated: new Date().toISOString(),
  });
  coach = await given.api.signIn('coach');
});

const listed = async (form: Query) => {
  const answer = await call(given.api, contracts.userList, { limit: '100', ...form }, coach);
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('User/list filters', () => {
  it('a role filter keeps only the holders of that role, and the total counts only them', async () => {
    const everyone = await listed({});
    const bettors = await listed({ roleId: String(bettorId) });
    expect(bettors.total).toBe(everyone.data.filter((user) => user.roleId === bettorId).length);
    expect(bettors.total).toBeLessThan(everyone.total);
    expect(bettors.data.every((user) => user.roleId === bettorId)).toBe(true);

    const admins = await listed({ roleId: String(companyAdminId) });
    expect(admins.data.map((user) => user.login)).toEqual(['coach']);
    expect(admins.total).toBe(1);
  });

  it('an active filter keeps only the users of that status; a blank one filters nothing', async () => {
    const everyone = await listed({ active: '' });
    const notActive = await listed({ active: String(UserStatus.NotActive) });
    expect(notActive.data.map((user) => user.login)).toEqual(['sleeper']);
    expect(notActive.total).toBe(1);
    const active = await listed({ active: String(UserStatus.Active), roleId: String(bettorId) });
    expect(active.data.every((user) => user.active === UserStatus.Active && user.roleId === bettorId)).toBe(true);
    expect(active.total).toBe(everyone.data.filter((user) => user.roleId === bettorId).length - 1);
  });

  it.each(['4', '0', 'yes', '1.5'])('an active value other than 1, 2 or 3 (%s) is refused with 400', async (active) => {
    const answer = await send(given.api, contracts.userList, { limit: '100', active }, coach);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(
      'active must be 1 (Active), 2 (Not active) or 3 (Confirmation required)',
    );
  });

  it.each(['__proto__', 'constructor', 'toString'])(
    'an order by what every object inherits (%s) is refused with 400, searched or not',
    async (orderBy) => {
      for (const search of [undefined, 'a']) {
        const answer = await send(given.api, contracts.userList, { orderBy, ...(search && { search }) }, coach);
        expect(answer.status).toBe(400);
        expect(JSON.stringify(answer.body)).toContain(`Users cannot be ordered by '${orderBy}'`);
      }
    },
  );

  // Probe: the contract sends a form; the raw JSON body with a number in it is the point.
  it('the status arrives as a JSON number too', async () => {
    const answer = await given.api.call('POST', routeOf(contracts.userList), {
      json: { active: UserStatus.NotActive },
      token: coach,
    });
    expect(answer.status).toBe(200);
    expect((answer.body as ResponseOf<typeof contracts.userList>).data.map((user) => user.login)).toEqual(['sleeper']);
  });
});
