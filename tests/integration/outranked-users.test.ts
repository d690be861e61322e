// Nobody takes a role from, or deletes, a user whose role holds a permission they lack (docs/rules.md, Users): a
// helpdesk role that may manage users cannot demote or delete the administrator who holds more than it does, while
// it still manages the users its own permissions cover. The users list marks such a user for the caller.
import { beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import type { Client, Role } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { getUser } from '../../functions/store/users.ts';
import { createTenant, type Member, memberWith, roleWith } from '../security/support/probe-tenants.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

const helpdeskPermissions = [
  Permission.ViewUsers,
  Permission.EditUsers,
  Permission.DeleteUsers,
  Permission.ViewOwnProfile,
  Permission.SetBets,
];

let league: Client;
let helpdesk: Member;
let admin: Member;
let player: Member;
let bettorRole: Role;

beforeAll(async () => {
  const deps = given.stack.deps;
  league = await createTenant(deps, 'Outranked League', 'outranked-league');
  helpdesk = await memberWith(deps, league, helpdeskPermissions, { login: 'helpdesk' });
  admin = await memberWith(deps, league, companyAdminPermissions, { login: 'head-admin' });
  player = await memberWith(deps, league, [Permission.SetBets, Permission.ViewOwnProfile], { login: 'plain-player' });
  bettorRole = await roleWith(deps, league.id, [Permission.SetBets]);
});

/** The helpdesk gives the member the plain bettors' role. */
const toBettor = (member: Member) =>
  call(given.api, contracts.editUser, { id: member.user.id, roleId: bettorRole.id }, helpdesk.token);

describe('a user whose role holds a permission the caller lacks', () => {
  it("is marked so in the caller's users list (the Edit User dialog offers neither role nor status), and only there", async () => {
    const outranking = async (member: Member) => {
      const listed = await call(given.api, contracts.userList, { limit: 50 }, member.token);
      return listed.body.data.filter((row) => row.outranksYou).map((row) => row.login);
    };
    expect(await outranking(helpdesk)).toEqual(['head-admin']);
    expect(await outranking(admin)).toEqual([]);
  });

  it('keeps their role: the demotion is 403 USER_OUTRANKS and changes nothing', async () => {
    const demoted = await toBettor(admin);
    expect(demoted.status).toBe(403);
    expect(demoted.body.code).toBe('USER_OUTRANKS');
    expect(demoted.body.error).toMatch(/^head-admin's role .* holds permissions you do not hold/);
    expect((await getUser(given.stack.deps, league.id, admin.user.id))?.roleId).toBe(admin.user.roleId);
  });

  it('keeps their e-mail address, where password links go (else a reset would take the account): 403 USER_OUTRANKS', async () => {
    const moved = await call(
      given.api,
      contracts.editUser,
      { id: admin.user.id, emailAddress: 'helpdesk-owned@example.com' },
      helpdesk.token,
    );
    expect([moved.status, moved.body.code]).toEqual([403, 'USER_OUTRANKS']);
    expect((await getUser(given.stack.deps, league.id, admin.user.id))?.emailAddress).toBe(admin.user.emailAddress);
  });

  it('is not deleted: 403 USER_OUTRANKS, and they still sign in', async () => {
    const deleted = await call(given.api, contracts.deleteUser, { id: admin.user.id }, helpdesk.token);
    expect(deleted.status).toBe(403);
    expect(deleted.body.code).toBe('USER_OUTRANKS');
    expect((await call(given.api, contracts.currentUser, {}, admin.token)).status).toBe(200);
  });

  it('leaves the caller managing the users their permissions cover, and the stronger one managing the caller', async () => {
    const moved = await toBettor(player);
    expect(moved.status).toBe(200);
    const removed = await call(given.api, contracts.deleteUser, { id: player.user.id }, helpdesk.token);
    expect(removed.status).toBe(200);
    const helpdeskGone = await call(given.api, contracts.deleteUser, { id: helpdesk.user.id }, admin.token);
    expect(helpdeskGone.status).toBe(200);
  });

  it('keeps what their role holds: a role editor takes away no permission they lack, though they rename the role', async () => {
    const editor = await memberWith(
      given.stack.deps,
      league,
      [Permission.ViewOwnProfile, Permission.ViewRoles, Permission.EditRoles],
      { login: 'role-editor' },
    );
    const role = await roleWith(given.stack.deps, league.id, helpdeskPermissions);
    const without = helpdeskPermissions.filter((code) => code !== Permission.DeleteUsers);
    const edit = (name: string, permissions: readonly Permission[]) =>
      call(given.api, contracts.editRole, { id: role.id, name, permissions: [...permissions] }, editor.token);
    const taken = await edit('Helpdesk', without);
    expect([taken.status, taken.body.code]).toEqual([403, 'PERMISSION_NOT_HELD']);
    expect(taken.body.error).toBe("You cannot take away permissions you do not hold: 'delete users of client'");
    expect((await edit('Helpdesk', helpdeskPermissions)).status).toBe(200);
  });
});
