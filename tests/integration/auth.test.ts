import { SignJWT } from 'jose';
import { TooManyRequestsError } from '#domain/errors.ts';
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { inputParams } from '#domain/contracts/input-params.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { issueToken, tokenLifetimeSeconds } from '../../functions/adapters/tokens.ts';
import { hashPassword } from '../../functions/adapters/passwords.ts';
import { createAuthApi } from '../../functions/http/auth-api.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { bumpTokenVersion, getUser } from '../../functions/store/users.ts';
import { createUser, findUserByLogin } from '../../functions/store/account-claims.ts';
import { toApiGatewayEvent } from '../../infra/local/api-server.ts';
import { call } from './support/call.ts';
import { demo, useTestStack } from './support/test-stack.ts';

const given = useTestStack();

const signIn = (form: RequestOf<typeof contracts.signIn>) => call(given.api, contracts.signIn, form);
const me = (token?: string) => call(given.api, contracts.currentUser, {}, token);

/** Signs in through the auth handler as if from the given source address; answers the status and Retry-After. */
async function signInFrom(address: string, login: string, password: string, deps = given.stack.deps) {
  const event = toApiGatewayEvent({
    method: contracts.signIn.method,
    url: contracts.signIn.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
    body: Buffer.from(inputParams({ login, password, domain: 'demo' }).toString()),
    sourceIp: address,
  });
  const answer = await createAuthApi(() => deps)(event, {} as never);
  return { status: answer.statusCode, retryAfter: answer.headers?.['retry-after'] };
}

const demoUser = (fields: { id: number; login: string; passwordHash: string }) =>
  findClientByDomain(given.stack.deps, 'demo').then((client) =>
    createUser(given.stack.deps, {
      clientId: client!.id,
      displayName: fields.login,
      emailAddress: `${fields.login}@x.com`,
      firstName: 'F',
      lastName: 'L',
      middleName: '',
      phoneNumber: '+15550000000',
      status: 1,
      roleId: 2,
      dateCreated: '2026-01-01T00:00:00Z',
      ...fields,
    }),
  );

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('POST /Services/token', () => {
  it('answers a bearer token for login, password and domain', async () => {
    const answer = await signIn({ login: 'alex', password: demo.password, domain: 'demo' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: 'Bearer', expires_in: tokenLifetimeSeconds });
    expect(answer.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('takes the tenant from the host when no domain is sent (localhost is the demo tenant)', async () => {
    expect((await signIn({ login: 'alex', password: demo.password })).status).toBe(200);
  });

  // Probe of the raw HTTP: the same sign-in in the body encodings the contract's form does not name.
  it('reads JSON and multipart bodies as well as forms', async () => {
    expect(
      (await given.api.postJson('/token', { login: 'alex', password: demo.password, domain: 'demo' })).status,
    ).toBe(200);
    const form = new FormData();
    form.set('login', 'alex');
    form.set('password', demo.password);
    const multipart = await fetch(`${given.stack.url}/Services/token`, { method: 'POST', body: form });
    expect(multipart.status).toBe(200);
  });

  it('refuses a wrong password with 401 and the same message as an unknown login', async () => {
    const wrong = await signIn({ login: 'jordan', password: 'not-it', domain: 'demo' });
    const unknown = await signIn({ login: 'nobody', password: 'not-it', domain: 'demo' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe(unknown.body.error);
  });

  it('after 5 failures from one address the next attempt waits 30 s: 429 with Retry-After, even with the right password', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await signIn({ login: 'sam', password: 'wrong', domain: 'demo' })).status);
    }
    const sixth = await signIn({ login: 'sam', password: demo.password, domain: 'demo' });
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(sixth.status).toBe(429);
    // 30 s from the last failure, less the time the sixth attempt took to arrive on a busy machine.
    const wait = Number(sixth.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(30);
    expect(sixth.body.error).toMatch(new RegExp(`try again in ${wait} seconds`));
    expect((await signIn({ login: 'taylor', password: demo.password, domain: 'demo' })).status).toBe(200);
  });

  it('a check the password threads were too busy to run is no failure: after six, the player signs in at once', async () => {
    const busy = new TooManyRequestsError('The server is busy checking passwords', 1, 'PASSWORDS_BUSY');
    const deps = given.stack.deps;
    const busyDeps = { ...deps, passwords: { ...deps.passwords, verify: () => Promise.reject(busy) } };
    for (let attempt = 0; attempt < 6; attempt++)
      expect((await signInFrom('198.51.100.77', 'jamie', demo.password, busyDeps)).status).toBe(429);
    expect((await signInFrom('198.51.100.77', 'jamie', demo.password)).status).toBe(200);
  });

  it('counts concurrent failures atomically: of 100 simultaneous wrong passwords at most 5 are checked, the rest get 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => signIn({ login: 'morgan', password: 'wrong', domain: 'demo' })),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(5);
    expect(refused.length).toBeGreaterThanOrEqual(95);
    for (const answer of refused) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a stranger failing from another address does not lock the owner out', async () => {
    const stranger = [];
    for (let attempt = 0; attempt < 12; attempt++)
      stranger.push((await signInFrom('203.0.113.9', 'casey', 'guess')).status);
    expect(stranger.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(stranger.slice(5)).toEqual(Array(7).fill(429));
    expect((await signInFrom('198.51.100.7', 'casey', demo.password)).status).toBe(200);
    expect((await signInFrom('203.0.113.9', 'casey', demo.password)).status).toBe(429);
  });

  it('a successful sign-in clears the failures of its address', async () => {
    const failFour = async () => {
      for (let attempt = 0; attempt < 4; attempt++)
        expect((await signInFrom('192.0.2.1', 'riley', 'typo')).status).toBe(401);
    };
    await failFour();
    expect((await signInFrom('192.0.2.1', 'riley', demo.password)).status).toBe(200);
    await failFour();
    expect((await signInFrom('192.0.2.1', 'riley', 'typo')).status).toBe(401);
    expect((await signInFrom('192.0.2.1', 'riley', demo.password)).status).toBe(429);
  });

  it('rehashes a password stored at an older, cheaper scrypt cost on the next sign-in', async () => {
    const oldHash = await hashPassword('legacy-pass', { N: 2 ** 11, r: 8, p: 1 });
    expect(oldHash.startsWith('scrypt$2048$8$1$')).toBe(true);
    const currentCost = given.stack.deps.passwords.cost;
    expect(currentCost.N).toBeGreaterThan(2 ** 11);
    await demoUser({ id: 9002, login: 'legacy', passwordHash: oldHash });
    expect((await signIn({ login: 'legacy', password: 'legacy-pass' })).status).toBe(200);
    const client = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const stored = (await getUser(given.stack.deps, client.id, 9002))!.passwordHash;
    expect(stored.startsWith(`scrypt$${currentCost.N}$${currentCost.r}$${currentCost.p}$`)).toBe(true);
    expect((await signIn({ login: 'legacy', password: 'legacy-pass' })).status).toBe(200);
  });

  it('needs a login: 400 with the spec’s text, and nothing else happens', async () => {
    const answer = await signIn({ login: ' ', password: 'x', domain: 'demo' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'Login is required', code: 'VALIDATION' });
  });

  it('answers 404 for a domain no client has, and 400 for one that is not a host label', async () => {
    expect((await signIn({ login: 'alex', password: demo.password, domain: 'nowhere' })).status).toBe(404);
    expect((await signIn({ login: 'alex', password: demo.password, domain: '../x' })).status).toBe(400);
  });

  // Probe of the raw HTTP: a body that is not JSON at all.
  it('answers 400, not 500, for a malformed JSON body', async () => {
    const answer = await given.api.call('POST', '/token', { json: '{"login": ' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/malformed JSON/);
  });

  it('refuses an inactive user with 403', async () => {
    const demoClient = (await findClientByDomain(given.stack.deps, 'demo'))!;
    await createUser(given.stack.deps, {
      id: 9001,
      clientId: demoClient.id,
      login: 'retired',
      displayName: 'Retired',
      emailAddress: 'r@x.com',
      firstName: 'R',
      lastName: 'R',
      middleName: '',
      phoneNumber: '+15550000000',
      status: 2,
      roleId: 2,
      passwordHash: await given.stack.deps.passwords.hash(demo.password),
      dateCreated: '2026-01-01T00:00:00Z',
    });
    const answer = await signIn({ login: 'retired', password: demo.password, domain: 'demo' });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('USER_NOT_ACTIVE');
  });
});

describe('GET /Services/user', () => {
  it('returns the profile with the permissions as one string', async () => {
    const answer = await me(await given.api.signIn('alex'));
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(
      [
        'active',
        'client',
        'clientId',
        'displayName',
        'emailAddress',
        'firstName',
        'id',
        'lastName',
        'login',
        'middleName',
        'permissions',
        'phoneNumber',
        'pickReminders',
        'pickReminderTiming',
        'announcementMails',
        'push',
        'role',
        'roleId',
      ].sort(),
    );
    expect(answer.body).toMatchObject({
      login: 'alex',
      client: 'Demo',
      role: 'Bettor',
      active: 1,
      permissions: '4, 8, 10, 12, 18, 19, 20',
    });
  });

  it('gives the company admin the Bettor permissions plus 1, 2, 3, 5, 6, 7, 13, 24', async () => {
    const answer = await me(await given.api.signIn('coach'));
    expect(answer.body.permissions).toBe('1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13, 18, 19, 20, 24');
  });

  it('gives the system administrator all 24 permissions', async () => {
    const answer = await me(await given.api.signIn('admin', 'pickem-admin', 'admin'));
    expect(answer.body.permissions).toBe(Array.from({ length: 24 }, (_, i) => i + 1).join(', '));
    expect(answer.body.client).toBe('System');
  });

  it('answers 401 for a missing, malformed, tampered, alg=none or expired token', async () => {
    const token = await given.api.signIn('alex');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${b64({ ...claims, sub: '1', cid: 1 })}.${signature}`;
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const expired = (
      await issueToken(
        {
          clock: fixedClock(new Date(Date.now() - (tokenLifetimeSeconds + 60) * 1000)),
          signingKeys: given.stack.deps.signingKeys,
        },
        { userId: claims.sub, clientId: claims.cid },
      )
    ).access_token;
    for (const bad of [undefined, 'not-a-jwt', tampered, unsigned, expired]) {
      const answer = await me(bad);
      expect(answer.status, String(bad)).toBe(401);
      expect(answer.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHENTICATED', requestId: expect.any(String) });
    }
  });

  it('answers 401 for a signed token without an expiry', async () => {
    const client = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const alex = (await findUserByLogin(given.stack.deps, client.id, 'alex'))!;
    const forever = await new SignJWT({ cid: client.id, ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('pickem')
      .setSubject(String(alex.id))
      .setIssuedAt()
      .sign((await given.stack.deps.signingKeys.current()).key);
    expect((await me(forever)).status).toBe(401);
  });

  it('answers 401 for a token issued before the user’s sessions were ended', async () => {
    const token = await given.api.signIn('blake');
    expect((await me(token)).status).toBe(200);
    const client = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const blake = (await findUserByLogin(given.stack.deps, client.id, 'blake'))!;
    await bumpTokenVersion(given.stack.deps, client.id, blake.id);
    expect((await me(token)).status).toBe(401);
    expect((await me(await given.api.signIn('blake'))).status).toBe(200);
  });

  // Probe of the raw HTTP: a route no contract has.
  it('answers 404 with a message for a /Services call that does not exist', async () => {
    const answer = await given.api.get('/api/Nothing/here');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('NO_ROUTE');
  });
});
