// The sign-in throttle under a concurrent burst: 100 wrong passwords for one login from one address at
// once are counted atomically, so only the five free failures are checked and the rest wait (429); the
// owner signing in with the right password from another source address is not locked out by the burst,
// which stays far below the per-login ceiling. The local server takes the source address from
// the socket, so the owner's requests come from 127.0.0.2 (still the loopback, still to 127.0.0.1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '#domain/auth/user.ts';
import { bettorPermissions } from '#domain/auth/standard-roles.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { callRoute } from './support/probe-routes.ts';
import { type Member, memberWith, probePassword } from './support/probe-tenants.ts';
import { startProbeStack } from './support/probe-world.ts';

let stack: LocalStack;
let baseUrl: string;
let demo: Client;
let owner: Member;

beforeAll(async () => {
  ({ stack, demo, baseUrl } = await startProbeStack());
  owner = await memberWith(stack.deps, demo, bettorPermissions, { login: 'race-owner' });
});
afterAll(() => stack?.close());

const signIn = (password: string, localAddress?: string) =>
  callRoute(baseUrl, 'signIn', {
    input: { login: owner.user.login, password, domain: demo.domain },
    localAddress,
  });

describe('sign-in throttle race', () => {
  it('another loopback address reaches the server as another source address', async () => {
    const answer = await callRoute(baseUrl, 'checkLogin', {
      input: { login: 'nobody-here' },
      localAddress: '127.0.0.2',
    });
    expect(answer.status).toBe(200);
  });

  let statuses: number[] = [];

  it('100 concurrent wrong sign-ins on one login are throttled: some answer 429', async () => {
    statuses = (await Promise.all(Array.from({ length: 100 }, (_, index) => signIn(`wrong-password-${index}`)))).map(
      (answer) => answer.status,
    );
    const tally = Object.fromEntries(
      [...new Set(statuses)].map((status) => [status, statuses.filter((s) => s === status).length]),
    );
    console.log(`throttle race: 100 concurrent wrong sign-ins answered ${JSON.stringify(tally)}`);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    // Five failures are free per (login, address); every later attempt waits for its delay.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
  });

  it('from the address of the burst even the right password waits for the delay', async () => {
    const answer = await signIn(probePassword);
    expect(answer.status, answer.text).toBe(429);
    expect(answer.body).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it('the owner with the right password from another source address is not locked out', async () => {
    const answer = await signIn(probePassword, '127.0.0.2');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.access_token).toEqual(expect.any(String));
  });
});
