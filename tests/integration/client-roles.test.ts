// A client's roles are read from the claims of its own roles' names and the System Roles' (listClientRoles), never
// from every client's: a company administrator's role list, a role's name check and the users overview cost the
// client's roles, not the number of clients. An older database's roles are listed whole after the start-up.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, type Role, RoleType } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { startUp } from '../../functions/lifecycle/start-up.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { createRole, createStandardRoles, listAllRoles, listClientRoles } from '../../functions/store/roles.ts';
import { deleteItem, getItem, putItem } from '../../functions/store/state-table.ts';
import { createTenant } from '../security/support/probe-tenants.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
let demo: Client;
let coach: string;

/** The partitions the stack's database client queried while `run` ran. */
async function partitionsQueried(run: () => Promise<void>): Promise<string[]> {
  const { db } = given.stack.deps;
  const queried: string[] = [];
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'QueryCommand') {
        const values = (args.input as { ExpressionAttributeValues?: Record<string, unknown> })
          .ExpressionAttributeValues;
        queried.push(JSON.stringify(values?.[':pk']));
      }
      return next(args);
    },
    { step: 'initialize', name: 'queriedPartitions' },
  );
  try {
    await run();
  } finally {
    db.middlewareStack.remove('queriedPartitions');
  }
  return queried;
}

/** The client's live roles and the System Roles, as read from every client's roles. */
const fromAllRoles = async (clientId: number) =>
  (await listAllRoles(given.stack.deps)).filter(
    (role) => !role.archivedAt && (role.clientId === clientId || role.clientId === null),
  );
const byId = (roles: readonly Role[]) => [...roles].sort((a, b) => a.id - b.id);

beforeAll(async () => {
  const { deps } = given.stack;
  demo = (await findClientByDomain(deps, 'demo'))!;
  coach = await given.api.signIn('coach');
  // Another client with roles of its own: none of them is read for the demo client.
  const far = await createTenant(deps, 'Far Club', 'far-club');
  for (const name of ['Far Scout', 'Far Steward'])
    await createRole(
      deps,
      { id: await deps.ids.next('role'), name, clientId: far.id, roleType: RoleType.UserCreated, permissions: [4] },
      deps.clock.now(),
    );
});

describe("a client's roles", () => {
  it('are its live roles and the System Roles, the same as read from every client’s roles', async () => {
    expect(byId(await listClientRoles(given.stack.deps, demo.id))).toEqual(byId(await fromAllRoles(demo.id)));
    const system = (await listAllRoles(given.stack.deps)).filter((role) => role.clientId === null);
    expect(byId(await listClientRoles(given.stack.deps, null))).toEqual(byId(system));
  });

  it("a company administrator's role list, a new role's name check and the users overview read no other client's roles", async () => {
    let answers: { status: number }[] = [];
    const queried = await partitionsQueried(async () => {
      answers = await Promise.all([
        call(given.api, contracts.roleList, { limit: '100', page: '1' }, coach),
        call(given.api, contracts.createRole, { name: 'Quartermaster', permissions: [4] }, coach),
        call(given.api, contracts.userActivity, { sportId: 33 }, coach),
      ]);
    });
    expect(answers.map((answer) => answer.status)).toEqual([200, 201, 200]);
    expect(queried).not.toContain(JSON.stringify(keys.rolesPartition));
    expect(queried).toContain(JSON.stringify(keys.roleNamesPartition(demo.id)));
    const listed = (await call(given.api, contracts.roleList, { limit: '100', page: '1' }, coach)).body.data;
    const own = (await fromAllRoles(demo.id)).filter((role) => role.clientId === demo.id);
    expect(listed.map((row) => row.id).sort()).toEqual(own.map((role) => role.id).sort());
    expect(listed.map((row) => row.name)).toContain('Quartermaster');
  });

  it("of a client an older version made (not marked as holding its roles' claims) are read from every client's roles", async () => {
    const { deps } = given.stack;
    const made = await createTenant(deps, 'Old Club', 'old-club');
    await createStandardRoles(deps, made.id);
    const stored = (await getItem<Client>(deps, keys.client(made.id)))!;
    const { roleNamesClaimed: _, ...unmarked } = stored;
    await putItem(deps, { ...keys.client(made.id), ...unmarked });
    const bettor = (await fromAllRoles(made.id)).find((role) => role.name === 'Bettor')!;
    await deleteItem(deps, keys.roleNameClaim(made.id, 'Bettor'));
    expect((await listClientRoles(deps, made.id)).map((role) => role.id)).toContain(bettor.id);
  });

  it("a role whose name's claim an older version lost is listed again after the next start-up", async () => {
    const { deps } = given.stack;
    const made = await createTenant(deps, 'Lost Club', 'lost-club');
    await createStandardRoles(deps, made.id);
    const bettor = (await fromAllRoles(made.id)).find((role) => role.name === 'Bettor')!;
    await deleteItem(deps, keys.roleNameClaim(made.id, 'Bettor'));
    expect((await listClientRoles(deps, made.id)).map((role) => role.id)).not.toContain(bettor.id);

    await startUp(deps);

    expect(await getItem(deps, keys.roleNameClaim(made.id, 'Bettor'))).toMatchObject({ holderId: bettor.id });
    expect((await listClientRoles(deps, made.id)).map((role) => role.id)).toContain(bettor.id);
    expect(await getItem(deps, keys.client(made.id))).toMatchObject({ roleNamesClaimed: true });
  });

  it('of a client with two live roles of one name (made before the claims) are read whole until one is deleted', async () => {
    const { deps } = given.stack;
    const made = await createTenant(deps, 'Twin Club', 'twin-club');
    await createStandardRoles(deps, made.id);
    const scout: Role = {
      id: await deps.ids.next('role'),
      name: 'Scout',
      clientId: made.id,
      roleType: RoleType.UserCreated,
      permissions: [4],
    };
    await createRole(deps, scout, deps.clock.now());
    // Its twin, as an older version's race made one: a live role of the same name without a claim.
    const twin = { ...scout, id: await deps.ids.next('role'), name: 'scout' };
    await putItem(deps, { ...keys.role(twin.id), ...twin });

    await startUp(deps);

    expect(await getItem(deps, keys.client(made.id))).toMatchObject({ roleNamesClaimed: false });
    const ids = (await listClientRoles(deps, made.id)).map((role) => role.id);
    expect(ids).toEqual(expect.arrayContaining([scout.id, twin.id]));

    await putItem(deps, { ...keys.role(twin.id), ...twin, archivedAt: '2026-11-22T17:00:00Z' });
    await startUp(deps);
    expect(await getItem(deps, keys.client(made.id))).toMatchObject({ roleNamesClaimed: true });
    expect((await listClientRoles(deps, made.id)).map((role) => role.id)).toContain(scout.id);
  });
});
