// Every live role holds its name's claim (functions/store/roles.ts), so sign-up finds the client's Bettor role in one
// read, whatever the number of clients and roles; an older database's roles take their claims at start-up.
import { describe, expect, it } from 'vitest';
import { type Client, type Role, RoleType } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { startUp } from '../../functions/lifecycle/start-up.ts';
import { createClient, findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { migrateRoleNameClaims } from '../../functions/store/migrate-role-name-claims.ts';
import { createRole, createStandardRoles, renameAndSaveRole } from '../../functions/store/roles.ts';
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
    // An older database: the standard roles were made whole without claims, and the migration has not run.
    await deleteItem(deps, bettorClaim);
    await deleteItem(deps, keys.migration('role-name-claims'));

    await startUp(deps);

    expect(await getItem(deps, bettorClaim)).toMatchObject({ holderId, holder: { name: 'Bettor' } });
    expect((await signUp()).status).toBe(201);
    expect(await migrateRoleNameClaims(deps)).toBeUndefined();
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
