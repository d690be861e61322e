// The auth guard's read of its caller: the token names the user's role (a role change ends the user's sessions), so
// the user, the client and the role are one batch read per request, and the role is always read, never remembered.
import { describe, expect, it } from 'vitest';
import { formatPermissions } from '#domain/auth/permissions.ts';
import { contracts } from '#domain/contracts/api.ts';
import { issueToken } from '../../functions/adapters/tokens.ts';
import { findUserByLogin } from '../../functions/store/account-claims.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { getRole } from '../../functions/store/roles.ts';
import { putRole } from '../support/put-role.ts';
import { saveProfile } from '../../functions/store/users.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

const me = (token: string) => call(given.api, contracts.currentUser, {}, token);

/** The commands the stack's handlers send to DynamoDB while `run` runs. */
async function commandsSent(run: () => Promise<unknown>) {
  const sent: string[] = [];
  const name = 'countCommands';
  given.stack.deps.db.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName!);
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await run();
  } finally {
    given.stack.deps.db.middlewareStack.remove(name);
  }
  return sent;
}

async function demoUser(login: string) {
  const client = (await findClientByDomain(given.stack.deps, 'demo'))!;
  return (await findUserByLogin(given.stack.deps, client.id, login))!;
}

describe('the caller of a signed-in request', () => {
  it('is read in one call to the database: the user, the client and the role the token names', async () => {
    const token = await given.api.signIn('blake');
    const sent = await commandsSent(async () => expect((await me(token)).status).toBe(200));
    expect(sent).toEqual(['BatchGetItemCommand']);
  });

  it('of a token from before tokens named the role is still signed in, the role read after the user', async () => {
    const blake = await demoUser('blake');
    const role = (await getRole(given.stack.deps, blake.roleId))!;
    const { access_token } = await issueToken(given.stack.deps, { userId: blake.id, clientId: blake.clientId });
    const sent = await commandsSent(async () => {
      const answer = await me(access_token);
      expect(answer.status).toBe(200);
      expect(answer.body.role).toBe(role.name);
    });
    expect(sent).toEqual(['BatchGetItemCommand', 'GetItemCommand']);
  });

  it('answers 401 once the user holds another role than the token names, even if the change never raised the token version', async () => {
    const blake = await demoUser('blake');
    const token = await given.api.signIn('blake');
    const other = (await getRole(given.stack.deps, (await demoUser('coach')).roleId))!;
    expect(other.id).not.toBe(blake.roleId);
    // As a crash between the role change's write and the token version's raise leaves the user.
    await saveProfile(given.stack.deps, blake, { ...blake, roleId: other.id });
    expect((await me(token)).status).toBe(401);
    const again = await me(await given.api.signIn('blake'));
    expect(again.status).toBe(200);
    expect(again.body.role).toBe(other.name);
  });

  it('has the permissions its role holds at the time of the request, not at sign-in', async () => {
    const casey = await demoUser('casey');
    const token = await given.api.signIn('casey');
    const role = (await getRole(given.stack.deps, casey.roleId))!;
    const before = (await me(token)).body.permissions as string;
    const kept = role.permissions.slice(1);
    await putRole(given.stack.deps, { ...role, permissions: kept });
    const after = await me(token);
    expect(after.status).toBe(200);
    expect(after.body.permissions).toBe(formatPermissions(kept));
    expect(after.body.permissions).not.toBe(before);
  });
});
