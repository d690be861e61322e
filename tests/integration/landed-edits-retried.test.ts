// An edit asked again after it landed (its answer lost: a timeout, a dropped connection, a crash after the write, or
// a method's edit, which takes no request key) is done, not 409 'Someone else changed this meanwhile': the stored item
// holds this very edit, so it is answered as saved and the stamps of what it changed move (they may not have, the
// first time). Another edit made from the same read is still refused. For prizes, client sports, integration methods
// and roles alike (replaceLive).
import { beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import type { Client } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { Contract, RequestOf } from '#domain/contracts/contract.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { getItem } from '../../functions/store/state-table.ts';
import { clientSportStamp } from '../../functions/store/stamps.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();
let admin: string;
let demo: Client;

beforeAll(async () => {
  admin = await given.api.signIn('admin', adminPassword, 'admin');
  demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
});

/** The edit sent twice (the second as a client sends it again after losing the first answer), then another edit. */
async function twiceThenAnother<C extends Contract>(contract: C, edit: RequestOf<C>, another: RequestOf<C>) {
  const first = await call(given.api, contract, edit, admin);
  expect(first.status).toBe(200);
  const again = await call(given.api, contract, edit, admin);
  expect(again).toMatchObject({ status: 200, body: first.body });
  return call(given.api, contract, another, admin);
}

describe('an edit asked again after it landed', () => {
  it('of a prize is done; another edit from the same read is 409', async () => {
    const added = await call(given.api, contracts.addPrize, { clientId: demo.id, name: 'Cap', cost: '12' }, admin);
    const id = added.body.id;
    const other = await twiceThenAnother(
      contracts.editPrize,
      { id, version: 0, name: 'Cap', cost: '15' },
      { id, version: 0, name: 'Hat', cost: '12' },
    );
    expect([other.status, other.body.code]).toEqual([409, 'PRIZE_CHANGED']);
  });

  it("of a client sport is done, and moves the client sport's stamp again; another edit from the same read is 409", async () => {
    const listed = await call(given.api, contracts.clientSportList, { clientId: demo.id }, admin);
    const { id, version = 0, sportId } = listed.body.find((sport) => sport.sportId === 33)!;
    const stamp = () => getItem(given.stack.deps, clientSportStamp(demo.id, sportId));
    const edit = { id, version, allowThursdayPicks: false };
    expect((await call(given.api, contracts.editClientSport, edit, admin)).status).toBe(200);
    const afterFirst = await stamp();
    const again = await call(given.api, contracts.editClientSport, edit, admin);
    expect(again).toMatchObject({ status: 200, body: { allowThursdayPicks: false, version: version + 1 } });
    expect(await stamp()).not.toEqual(afterFirst);
    const other = await call(given.api, contracts.editClientSport, { id, version, allowFridayPicks: false }, admin);
    expect([other.status, other.body.code]).toEqual([409, 'CLIENT_SPORT_CHANGED']);
  });

  it('of an integration method (no request key: it holds a secret) is done; another edit from the same read is 409', async () => {
    const method = {
      clientId: demo.id,
      methodType: 'GET' as const,
      passingParameterMethod: 'query' as const,
      url: 'https://directory.example.com/check',
      parameterName: 'login',
      headerName: 'X-Api-Key',
      headerValue: 'the-secret',
    };
    const added = await call(given.api, contracts.addMethod, method, admin);
    const id = added.body.id;
    const other = await twiceThenAnother(
      contracts.editMethod,
      { ...method, id, version: 0, parameterName: 'user' },
      { ...method, id, version: 0, parameterName: 'name' },
    );
    expect([other.status, other.body.code]).toEqual([409, 'METHOD_CHANGED']);
  });

  it('of a role is done; another edit from the same read is 409', async () => {
    const permissions = [Permission.ViewOwnProfile, Permission.SetBets];
    const created = await call(
      given.api,
      contracts.createRole,
      { name: 'Scouts', clientId: demo.id, permissions },
      admin,
    );
    const id = created.body.id;
    const other = await twiceThenAnother(
      contracts.editRole,
      { id, clientId: demo.id, version: 0, name: 'Scouts', permissions: [Permission.ViewOwnProfile] },
      { id, clientId: demo.id, version: 0, name: 'Rangers', permissions },
    );
    expect([other.status, other.body.code]).toEqual([409, 'ROLE_CHANGED']);
  });
});
