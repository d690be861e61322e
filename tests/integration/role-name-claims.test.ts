// Every live role holds its name's claim (functions/store/roles.ts), so sign-up finds the client's Bettor role in one
// read, whatever the number of clients and roles; an older database's roles take their claims at start-up.
import { describe, expect, it } from 'vitest';
import { type Client, type Role, RoleType } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { startUp } from '../../functions/lifecycle/start-up.ts';
import { createClient, findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { createRole, createStandardRoles, getRole, renameAndSaveRole } from '../../functions/store/roles.ts';
import { deleteItem, getItem, putItem } from '../../functions/store/state-table.ts';
import { call } from './support/call.ts';
import { newcomer } from './support/newcomer.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
const signUp = () => call(given.api, contracts.register, newcomer('demo'));

describe("sign-up's role, found by its name's claim", () => {
  it("an older database's roles take their names' claims at start-up, and sign-up works", async () => {
    const { deps } = given.stack;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const bettorClaim = keys.roleNameClaim(demo.id, 'Bettor');
    const { holderId } = (await getItem<{ holderId: number }>(deps, bettorClaim))!;
    // An older database: the standard roles were made whole without claims.
    await deleteItem(deps, bettorClaim);

    const first = await startUp(deps);

    expect(await getItem(deps, bettorClaim)).toMatchObject({ holderId, holder: { name: 'Bettor' } });
    expect((await signUp()).status).toBe(201);
    // The client was marked and stays so: the next start-up finds every role holding its claim.
    expect(first.roleListsMarked).toBe(0);
    expect((await startUp(deps)).roleListsMarked).toBe(0);
  });

  it('a client an older version made after the migration, its roles without claims, opens sign-up at the first try', async () => {
    const { deps } = given.stack;
    const made: Client = {
      id: await deps.ids.next('client'),
      name: 'Wharf',
      domain: 'wharf',
      dateCreated: '2026-11-01',
    };
    // As the version before the claims made a client: the client without the mark, its standard roles without claims.
    await createClient(deps, made);
    await putItem(deps, { ...keys.client(made.id), ...made });
    const roles = await createStandardRoles(deps, made.id);
    for (const role of roles) await deleteItem(deps, keys.roleNameClaim(made.id, role.name));
    const bettor = roles.find((role) => role.name === 'Bettor')!;

    const join = () => call(given.api, contracts.register, newcomer('wharf'));
    expect((await join()).status).toBe(201);
    expect(await getItem(deps, keys.roleNameClaim(made.id, 'Bettor'))).toMatchObject({ holderId: bettor.id });
    expect(await getItem(deps, keys.client(made.id))).toMatchObject({ roleNamesClaimed: true });
  });

  it('a role made Bettor opens sign-up at its client, and renamed away it closes it again', async () => {
    const { deps } = given.stack;
    const quay: Client = { id: await deps.ids.next('client'), name: 'Quay', domain: 'quay', dateCreated: '2026-11-01' };
    await createClient(deps, quay);
    const join = () => call(given.api, contracts.register, newcomer('quay'));
    expect((await join()).body).toMatchObject({ code: 'SIGN_UP_CLOSED' });

    const bettor: Role = {
      id: await deps.ids.next('role'),
      name: 'Bettor',
      clientId: quay.id,
      roleType: RoleType.UserCreated,
      permissions: [4],
    };
    await createRole(deps, bettor, deps.clock.now());
    expect((await join()).status).toBe(201);

    await renameAndSaveRole(deps, bettor, { ...bettor, name: 'Punter' }, deps.clock.now());
    expect((await join()).body).toMatchObject({ code: 'SIGN_UP_CLOSED' });
  });
});

describe("a role name's claim under concurrent edits", () => {
  /** A client of its own with one user-created role of this name. */
  async function roleOfItsOwn(domain: string, name: string) {
    const { deps } = given.stack;
    const client: Client = { id: await deps.ids.next('client'), name: domain, domain, dateCreated: '2026-11-01' };
    await createClient(deps, client);
    const role: Role = { id: await deps.ids.next('role'), name, clientId: client.id, roleType, permissions: [4] };
    await createRole(deps, role, deps.clock.now());
    return { client, role: (await getRole(deps, role.id))! };
  }
  const roleType = RoleType.UserCreated;

  it('taken over, replaces only the stale claim it judged: a rename to the name landing meanwhile keeps it', async () => {
    const { deps } = given.stack;
    const now = () => deps.clock.now();
    const { client, role: v0 } = await roleOfItsOwn('pier', 'Umpire');
    await renameAndSaveRole(deps, v0, { ...v0, permissions: [4, 5], version: 1 }, now());
    // A rename from the older read is refused; its claim of Referee is stale at once.
    const refused = renameAndSaveRole(deps, v0, { ...v0, name: 'Referee', version: 1 }, now());
    await expect(refused).rejects.toMatchObject({ code: 'ROLE_CHANGED' });
    const v1 = (await getRole(deps, v0.id))!;
    const referee = keys.roleNameClaim(client.id, 'Referee');
    // Another role's create judges that claim stale; before it takes it over, the role is renamed Referee after all.
    let renamed = false;
    deps.db.middlewareStack.add(
      (next, context) => async (args) => {
        const input = JSON.stringify(args.input);
        const takeover = input.includes(':judged') || input.includes(':staleAt');
        if (!renamed && context.commandName === 'UpdateItemCommand' && takeover && input.includes(referee.SK)) {
          renamed = true;
          await renameAndSaveRole(deps, v1, { ...v1, name: 'Referee', version: 2 }, now());
        }
        return next(args);
      },
      { step: 'initialize', name: 'renameBeforeTakeover' },
    );
    const rival: Role = {
      id: await deps.ids.next('role'),
      name: 'Referee',
      clientId: client.id,
      roleType,
      permissions: [4],
    };
    try {
      await expect(createRole(deps, rival, now())).rejects.toMatchObject({ code: 'ROLE_NAME_TAKEN' });
    } finally {
      deps.db.middlewareStack.remove('renameBeforeTakeover');
    }
    expect(renamed).toBe(true);
    expect(await getRole(deps, rival.id)).toBeUndefined();
    expect(await getItem(deps, referee)).toMatchObject({ holderId: v0.id, holder: { name: 'Referee', version: 2 } });
  });

  it('an edit made from an older version does not take the claim back from a later one (409 ROLE_CHANGED)', async () => {
    const { deps } = given.stack;
    const now = () => deps.clock.now();
    const { client, role: v0 } = await roleOfItsOwn('jetty', 'Alpha');
    await renameAndSaveRole(deps, v0, { ...v0, permissions: [4, 5], version: 1 }, now());
    const v1 = (await getRole(deps, v0.id))!;
    await renameAndSaveRole(deps, v1, { ...v1, permissions: [4, 6], version: 2 }, now());
    const slow = renameAndSaveRole(deps, v0, { ...v0, permissions: [4, 7], version: 1 }, now());
    await expect(slow).rejects.toMatchObject({ code: 'ROLE_CHANGED' });
    const alpha = keys.roleNameClaim(client.id, 'Alpha');
    expect(await getItem(deps, alpha)).toMatchObject({ holderId: v0.id, holder: { permissions: [4, 6], version: 2 } });
  });
});
