// A client's create or move cut off or overtaken (docs/rules.md, Clients): a create cut off after claiming its
// domain is finished by asking again, and a move of a client deleted meanwhile leaves the new domain free; a move
// overtaken by another move (two administrators at once, or a dialog opened before the other move) is 409.
import { describe, expect, it } from 'vitest';
import { standardRoles } from '#domain/auth/standard-roles.ts';
import { RoleType } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import {
  createClient as storeClient,
  editClient as storeEdit,
  findClientByDomain,
} from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { createRole, listClientRoles } from '../../functions/store/roles.ts';
import { putItem } from '../../functions/store/state-table.ts';
import { startUp } from '../../functions/lifecycle/start-up.ts';
import { call } from './support/call.ts';
import { sysadmin, useClientsStack } from './support/clients.ts';

const given = useClientsStack();

const createClient = (name: string, domain: string) =>
  call(given.api, contracts.createClient, { name, domain }, sysadmin);
const deleteClient = (id: number) => call(given.api, contracts.deleteClient, { id }, sysadmin);

/** A create cut off after it put its client, before its roles: the client, marked making them. */
async function halfMade(name: string, domain: string) {
  const { deps } = given.stack;
  const client = { id: await deps.ids.next('client'), name, domain, dateCreated: '2026-11-01T00:00:00.000Z' };
  await storeClient(deps, { ...client, makingRoles: true });
  return client;
}

/** The client's own roles' names, sorted. */
const ownRoleNames = async (clientId: number) =>
  (await listClientRoles(given.stack.deps, clientId))
    .filter((each) => each.clientId === clientId)
    .map((each) => each.name)
    .sort();

const standardNames = standardRoles.map((each) => each.name).sort();

describe('a client write cut off or overtaken', () => {
  it('a create cut off after its domain claim, or after its first role, is finished by asking again: the same client, each role once', async () => {
    const { deps } = given.stack;
    // Cut off right after the claim: nothing but the claim is there.
    const orphan = await deps.ids.next('client');
    await putItem(deps, { ...keys.domainClaim('harbor'), clientId: orphan, name: 'Harbor' });
    // Another create of the domain (another name) is no retry of it: refused, as the domain is taken.
    expect((await createClient('Harbour', 'harbor')).status).toBe(409);
    const harbor = await createClient('Harbor', 'harbor');
    expect(harbor).toMatchObject({ status: 201, body: { id: orphan, name: 'Harbor', domain: 'harbor' } });

    // Cut off after the client and its first standard role.
    const client = await halfMade('Cove', 'cove');
    const [first] = standardRoles;
    const role = {
      id: await deps.ids.next('role'),
      clientId: client.id,
      roleType: RoleType.System,
      ...first,
      permissions: [...first.permissions],
    };
    await createRole(deps, role, deps.clock.now());
    const cove = await createClient('Cove', 'cove');
    expect(cove).toMatchObject({ status: 201, body: { id: client.id, dateCreated: client.dateCreated } });

    for (const made of [orphan, client.id]) expect(await ownRoleNames(made)).toEqual(standardNames);
    expect((await createClient('Cove', 'cove')).status).toBe(409);
    expect((await createClient('Harbor', 'harbor')).status).toBe(409);
  });

  it('a create cut off and then deleted stays deleted: asked again it is refused, its domain taken', async () => {
    const { deps } = given.stack;
    const client = await halfMade('Reef', 'reef');
    expect((await deleteClient(client.id)).status).toBe(200);
    expect((await createClient('Reef', 'reef')).status).toBe(409);
    expect(await findClientByDomain(deps, 'reef')).toMatchObject({ archivedAt: expect.any(String) });
  });

  it('a move of a client deleted meanwhile is 404 and leaves the domain it was moving to free', async () => {
    const bay = (await createClient('Bay', 'bay-old')).body;
    const read = (await findClientByDomain(given.stack.deps, 'bay-old'))!;
    expect((await deleteClient(bay.id)).status).toBe(200);
    await expect(storeEdit(given.stack.deps, read, { domain: 'bay-new' })).rejects.toThrow(
      `There is no client ${bay.id}`,
    );
    expect((await createClient('Bay Again', 'bay-new')).status).toBe(201);
  });

  it('two moves of one client at once: the first lands, a second elsewhere is 409 CLIENT_CHANGED and leaves its domain free, a second alike is done', async () => {
    const { deps } = given.stack;
    await createClient('Inlet', 'inlet-a');
    const read = (await findClientByDomain(deps, 'inlet-a'))!;
    // Both administrators read the client at 'inlet-a'; one move writes first.
    expect(await storeEdit(deps, read, { domain: 'inlet-b' })).toMatchObject({ domain: 'inlet-b' });
    await expect(storeEdit(deps, read, { domain: 'inlet-c' })).rejects.toMatchObject({
      code: 'CLIENT_CHANGED',
      message: "Someone else moved this client to 'inlet-b' meanwhile",
    });
    expect(await findClientByDomain(deps, 'inlet-b')).toMatchObject({ id: read.id });
    expect(await findClientByDomain(deps, 'inlet-c')).toBeUndefined();
    expect((await createClient('Inlet Two', 'inlet-c')).status).toBe(201);
    // The same move asked twice at once (the same read): the second is done too, with its own rename.
    const moved = (await findClientByDomain(deps, 'inlet-b'))!;
    expect(await storeEdit(deps, moved, { domain: 'inlet-d' })).toMatchObject({ domain: 'inlet-d' });
    expect(await storeEdit(deps, moved, { domain: 'inlet-d', name: 'Inlet D' })).toMatchObject({
      domain: 'inlet-d',
      name: 'Inlet D',
    });
  });

  it("a move from the Edit Client dialog opened before another administrator's move is 409; the same move asked again is done", async () => {
    const { body: lagoon } = await createClient('Lagoon', 'lagoon-a');
    const move = (domain: string) =>
      call(given.api, contracts.editClient, { id: lagoon.id, domain, fromDomain: 'lagoon-a' }, sysadmin);
    expect(await move('lagoon-b')).toMatchObject({ status: 200, body: { domain: 'lagoon-b' } });
    expect(await move('lagoon-b')).toMatchObject({ status: 200, body: { domain: 'lagoon-b' } });
    expect(await move('lagoon-c')).toMatchObject({ status: 409, body: { code: 'CLIENT_CHANGED' } });
    expect(await findClientByDomain(given.stack.deps, 'lagoon-b')).toMatchObject({ id: lagoon.id });
    expect(await findClientByDomain(given.stack.deps, 'lagoon-c')).toBeUndefined();
  });

  it('a create cut off while making its roles and never asked again is finished by the next start-up', async () => {
    const { deps } = given.stack;
    const client = await halfMade('Shoal', 'shoal');
    expect(await startUp(deps)).toMatchObject({ clientsFinished: 1 });
    expect(await ownRoleNames(client.id)).toEqual(standardNames);
    expect(await findClientByDomain(deps, 'shoal')).not.toHaveProperty('makingRoles');
  });
});
