import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();
const profile = {
  displayName: 'Alex the Great',
  firstName: 'Alexander',
  middleName: 'J',
  lastName: 'Carter',
  phoneNumber: '+1 202 555 0101',
};
/** What the server keeps: the phone in E.164 however it was typed. */
const stored = { ...profile, phoneNumber: '+12025550101' };

const me = (token: string) => call(given.api, contracts.currentUser, {}, token);
const edit = (body: RequestOf<typeof contracts.editUser>, token: string) =>
  call(given.api, contracts.editUser, body, token);

async function idOf(login: string) {
  return (await me(await given.api.signIn(login))).body.id;
}

describe('POST /Services/api/User/edit', () => {
  it('a player edits their own profile and gets the updated payload back', async () => {
    const token = await given.api.signIn('alex');
    const answer = await edit({ id: await idOf('alex'), ...profile }, token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...stored, login: 'alex', role: 'Bettor' });
    expect((await me(token)).body).toMatchObject(stored);
  });

  it('a bettor cannot edit someone else', async () => {
    const answer = await edit({ id: await idOf('sam'), ...profile }, await given.api.signIn('jordan'));
    expect(answer.status).toBe(403);
  });

  it("a company admin edits a bettor of the client but gives a role other than Bettor only with 'delete clients' (the one role-choice rule)", async () => {
    const coach = await given.api.signIn('coach');
    const roles = (await call(given.api, contracts.roleList, {}, coach)).body.data;
    const companyAdmin = roles.find((role) => role.name === 'Company Admin')!;
    const refused = await edit({ id: await idOf('taylor'), ...profile, roleId: companyAdmin.id }, coach);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "Giving the role 'Company Admin' needs the permission 'delete clients'",
      code: 'ROLE_CHOICE',
      requestId: expect.any(String),
    });
    const answer = await edit({ id: await idOf('taylor'), ...profile }, coach);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...stored, login: 'taylor', role: 'Bettor' });
  });

  it('nobody changes their own role', async () => {
    const coach = await given.api.signIn('coach');
    const answer = await edit({ id: await idOf('coach'), ...profile, roleId: 2 }, coach);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('OWN_ROLE');
  });

  it('a role of another client, or a user of another client, is refused without a change', async () => {
    const coach = await given.api.signIn('coach');
    const foreignRole = await edit({ id: await idOf('morgan'), ...profile, roleId: 1 }, coach);
    expect(foreignRole.status).toBe(400);
    expect(foreignRole.body.code).toBe('UNKNOWN_ROLE');
    const foreignUser = await edit({ id: 1, ...profile }, coach);
    expect(foreignUser.status).toBe(404);
    expect((await me(await given.api.signIn('morgan'))).body.role).toBe('Bettor');
  });

  it('refuses a missing name with the field’s message', async () => {
    const answer = await edit(
      { id: await idOf('casey'), ...profile, displayName: '' },
      await given.api.signIn('casey'),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Display name is required');
  });
});
