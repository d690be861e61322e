import { describe, expect, it } from 'vitest';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();
const profile = {
  displayName: 'Alex the Great',
  firstName: 'Alexander',
  middleName: 'J',
  lastName: 'Carter',
  phoneNumber: '+1 202 555 0101',
};

async function idOf(login: string) {
  return (await given.api.get('/user', await given.api.signIn(login))).body.id as number;
}

describe('POST /Services/api/User/edit', () => {
  it('a player edits their own profile and gets the updated payload back', async () => {
    const token = await given.api.signIn('alex');
    const answer = await given.api.postJson('/api/User/edit', { id: await idOf('alex'), ...profile }, token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...profile, login: 'alex', role: 'Bettor' });
    expect((await given.api.get('/user', token)).body).toMatchObject(profile);
  });

  it('a bettor cannot edit someone else', async () => {
    const answer = await given.api.postJson(
      '/api/User/edit',
      { id: await idOf('sam'), ...profile },
      await given.api.signIn('jordan'),
    );
    expect(answer.status).toBe(403);
  });

  it("a company admin edits a bettor of the client but gives a role other than Bettor only with 'delete clients' (the one role-choice rule)", async () => {
    const coach = await given.api.signIn('coach');
    const roles = (await given.api.postForm('/api/Role/list', {}, coach)).body.data as { id: number; name: string }[];
    const companyAdmin = roles.find((role) => role.name === 'Company Admin')!;
    const refused = await given.api.postJson(
      '/api/User/edit',
      { id: await idOf('taylor'), ...profile, roleId: companyAdmin.id },
      coach,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "Giving the role 'Company Admin' needs the permission 'delete clients'",
      code: 'ROLE_CHOICE',
      requestId: expect.any(String),
    });
    const answer = await given.api.postJson('/api/User/edit', { id: await idOf('taylor'), ...profile }, coach);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...profile, login: 'taylor', role: 'Bettor' });
  });

  it('nobody changes their own role', async () => {
    const coach = await given.api.signIn('coach');
    const answer = await given.api.postJson(
      '/api/User/edit',
      { id: await idOf('coach'), ...profile, roleId: 2 },
      coach,
    );
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('OWN_ROLE');
  });

  it('a role of another client, or a user of another client, is refused without a change', async () => {
    const coach = await given.api.signIn('coach');
    const foreignRole = await given.api.postJson(
      '/api/User/edit',
      { id: await idOf('morgan'), ...profile, roleId: 1 },
      coach,
    );
    expect(foreignRole.status).toBe(400);
    expect(foreignRole.body.code).toBe('UNKNOWN_ROLE');
    const foreignUser = await given.api.postJson('/api/User/edit', { id: 1, ...profile }, coach);
    expect(foreignUser.status).toBe(404);
    expect((await given.api.get('/user', await given.api.signIn('morgan'))).body.role).toBe('Bettor');
  });

  it('refuses a missing name with the field’s message', async () => {
    const answer = await given.api.postJson(
      '/api/User/edit',
      { id: await idOf('casey'), ...profile, displayName: '' },
      await given.api.signIn('casey'),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Display name is required');
  });
});
