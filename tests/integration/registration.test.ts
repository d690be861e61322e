import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { call, send } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

type SignUp = RequestOf<typeof contracts.register>;

const signUp = (overrides: Partial<SignUp> = {}): SignUp => ({
  login: 'newbie',
  emailAddress: 'newbie@example.com',
  password: 'newbie-pass',
  repeatPassword: 'newbie-pass',
  displayName: 'New B.',
  firstName: 'New',
  lastName: 'Bie',
  phoneNumber: '+1 202 555 0142',
  domain: 'demo',
  ...overrides,
});

const register = (body: SignUp) => call(given.api, contracts.register, body);
const checkLogin = (input: RequestOf<typeof contracts.checkLogin>) => call(given.api, contracts.checkLogin, input);

describe('sign-up', () => {
  it('creates an active Bettor of the request’s client, who can sign in at once', async () => {
    const answer = await register(signUp());
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      login: 'newbie',
      client: 'Demo',
      role: 'Bettor',
      active: 1,
      permissions: '4, 8, 10, 12, 18, 19, 20',
    });
    const profile = await call(given.api, contracts.currentUser, {}, await given.api.signIn('newbie', 'newbie-pass'));
    expect(profile.body.emailAddress).toBe('newbie@example.com');
  });

  it('refuses a login already taken, whatever its case', async () => {
    const answer = await register(signUp({ login: 'ALEX' }));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("The login 'ALEX' is already taken");
  });

  it('two sign-ups of one login at the same moment: exactly one succeeds', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => register(signUp({ login: 'racer' }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('uses the spec’s messages: Passwords did not match, Email is not valid, X is required', async () => {
    const cases: [Partial<SignUp>, string][] = [
      [{ repeatPassword: 'other-pass' }, 'Passwords did not match'],
      [{ emailAddress: 'not-an-email' }, 'Email is not valid'],
      [{ emailAddress: '' }, 'Email is required'],
      [{ login: '' }, 'Login is required'],
      [{ displayName: '' }, 'Display name is required'],
      [{ firstName: '' }, 'First name is required'],
      [{ lastName: '' }, 'Last name is required'],
      [{ phoneNumber: '' }, 'Phone number is required'],
    ];
    for (const [overrides, message] of cases) {
      const answer = await register(signUp({ login: 'bad-input', ...overrides }));
      expect(answer.status, message).toBe(400);
      expect(answer.body.error).toBe(message);
    }
    expect(
      (await call(given.api, contracts.signIn, { login: 'bad-input', password: 'newbie-pass', domain: 'demo' })).status,
    ).toBe(401);
  });

  it('is closed on the system client', async () => {
    const answer = await register(signUp({ login: 'intruder', domain: 'admin' }));
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('SIGN_UP_CLOSED');
  });
});

describe('GET /Services/api/User/check-login', () => {
  it('says a free login is available', async () => {
    const answer = await checkLogin({ login: 'fresh-name', domain: 'demo' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ login: 'fresh-name', available: true });
  });

  it('answers 409 with a message for a taken login, per client', async () => {
    expect((await checkLogin({ login: 'alex', domain: 'demo' })).status).toBe(409);
    expect((await checkLogin({ login: 'alex', domain: 'rival' })).status).toBe(200);
  });

  it('answers 400 without a login', async () => {
    expect((await send(given.api, contracts.checkLogin, { domain: 'demo' })).status).toBe(400);
  });
});
