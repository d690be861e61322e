// Whether a user may sign in is an administrator's choice in Edit User (docs/rules.md, Users): a user created not
// active (Create User or a users CSV with active=no) is made active, an active one deactivated, which ends their
// sessions. Nobody changes their own, nor that of a user whose role holds a permission they lack, and a client keeps
// its last administrator active.
import { beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import { type Client, UserStatus } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { createStandardRoles } from '../../functions/store/roles.ts';
import { getUser } from '../../functions/store/users.ts';
import { createTenant, type Member, memberWith, probePassword } from '../security/support/probe-tenants.ts';
import { admin, clientWithAdministrators, useAdministrationStack } from './support/administration.ts';
import { call } from './support/call.ts';

const given = useAdministrationStack();

let league: Client;
let head: Member;
let helpdesk: Member;

beforeAll(async () => {
  league = await createTenant(given.stack.deps, 'Activation League', 'activation-league');
  await createStandardRoles(given.stack.deps, league.id);
  head = await memberWith(given.stack.deps, league, companyAdminPermissions, { login: 'activation-head' });
  helpdesk = await memberWith(
    given.stack.deps,
    league,
    [Permission.ViewUsers, Permission.EditUsers, Permission.ViewOwnProfile],
    { login: 'activation-helpdesk' },
  );
});

const signIn = (login: string) =>
  call(given.api, contracts.signIn, { login, password: probePassword, domain: 'activation-league' });
const setActive = (user: Member, active: boolean, token = head.token) =>
  call(given.api, contracts.editUser, { id: user.user.id, active }, token);
const statusOf = async (member: Member) => (await getUser(given.stack.deps, league.id, member.user.id))?.status;

describe('a user made active or not in Edit User', () => {
  it('created not active, signs in once made active', async () => {
    const created = await call(
      given.api,
      contracts.createUser,
      {
        login: 'late-starter',
        emailAddress: 'late@activation.example.com',
        displayName: 'Late Starter',
        firstName: 'Late',
        lastName: 'Starter',
        domain: 'activation-league',
        active: false,
      },
      head.token,
    );
    expect(created.body).toMatchObject({ active: UserStatus.NotActive });
    const id = (created.body as { id: number }).id;

    const made = await call(given.api, contracts.editUser, { id, active: true }, head.token);

    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id, active: UserStatus.Active });
    const listed = await call(given.api, contracts.userList, { id }, head.token);
    expect(listed.body.data).toMatchObject([{ id, active: UserStatus.Active }]);
  });

  it('deactivated, is signed out, cannot sign in, and is listed not active; made active again, signs in', async () => {
    const player = await memberWith(given.stack.deps, league, [Permission.SetBets], { login: 'benched' });

    const deactivated = await setActive(player, false);

    expect(deactivated.body).toMatchObject({ active: UserStatus.NotActive });
    expect((await call(given.api, contracts.currentUser, {}, player.token)).status).toBe(401);
    expect((await signIn('benched')).body).toMatchObject({ code: 'USER_NOT_ACTIVE' });
    const listed = await call(given.api, contracts.userList, { active: UserStatus.NotActive }, head.token);
    expect(listed.body.data.map((row) => row.login)).toContain('benched');

    expect((await setActive(player, true)).status).toBe(200);
    // The old session stays over: a deactivation ended it for good.
    expect((await call(given.api, contracts.currentUser, {}, player.token)).status).toBe(401);
    expect((await signIn('benched')).status).toBe(200);
  });

  it('is never the caller themselves: 403 OWN_STATUS, still active', async () => {
    const own = await setActive(helpdesk, false, helpdesk.token);
    expect(own.body).toMatchObject({ code: 'OWN_STATUS' });
    expect(await statusOf(helpdesk)).toBe(UserStatus.Active);
  });

  it('is refused for a user whose role holds more than the caller: 403 USER_OUTRANKS, still active', async () => {
    const refused = await setActive(head, false, helpdesk.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'USER_OUTRANKS' });
    expect(await statusOf(head)).toBe(UserStatus.Active);
  });

  it("keeps a client's last administrator active: 409 LAST_ADMINISTRATOR", async () => {
    const { client, admins } = await clientWithAdministrators('activation-last', 1);
    const [only] = admins;
    const refused = await call(
      given.api,
      contracts.editUser,
      { id: only!.user.id, clientId: client.id, active: false },
      admin,
    );
    expect(refused.body).toMatchObject({ code: 'LAST_ADMINISTRATOR' });
    expect((await getUser(given.stack.deps, client.id, only!.user.id))?.status).toBe(UserStatus.Active);
  });
});
