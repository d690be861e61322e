// A flood of sign-ins with made-up logins from one address, at production's password cost, through the local stack
// over HTTP to 127.0.0.1 (docs/rules.md, Sign-in throttle): the address's failures are counted across logins before
// anything is hashed, so beyond 50 the flood is refused with 429 and Retry-After at the cost of one write; a process
// hashes a few passwords at a time on threads of its own, so the rest are 429 (come back in a second) rather than
// queued; and every other request goes on meanwhile. Before, each attempt queued a hash in libuv's threadpool, where
// token checks and the database wait too: 76 to 83 of 100 answered 500, and so did other callers for seconds after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bettorPermissions } from '#domain/auth/standard-roles.ts';
import { addressCeiling } from '#domain/auth/sign-in-throttle.ts';
import type { Client } from '#domain/auth/user.ts';
import { strongCost } from '../../functions/adapters/passwords.ts';
import { createClient } from '../../functions/store/clients.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { startLocalTestStack } from '../support/local-test-stack.ts';
import { callRoute, loopbackUrl, type ProbeAnswer } from './support/probe-routes.ts';
import { type Member, memberWith, probeNow, probePassword } from './support/probe-tenants.ts';

const floodSize = 100;

let stack: LocalStack;
let baseUrl: string;
let client: Client;
let owner: Member;

beforeAll(async () => {
  stack = await startLocalTestStack({
    dataDir: undefined,
    port: 0,
    seed: false,
    now: probeNow,
    webRoot: '/nonexistent',
    holdSchedules: true,
    passwordCost: strongCost,
  });
  baseUrl = loopbackUrl(stack);
  client = {
    id: await stack.deps.ids.next('client'),
    name: 'Flood Plain',
    domain: 'floodplain',
    dateCreated: probeNow,
  };
  await createClient(stack.deps, client);
  owner = await memberWith(stack.deps, client, bettorPermissions, { login: 'flood-owner' });
});
afterAll(() => stack?.close());

const tally = (answers: ProbeAnswer[]) =>
  answers.reduce<Record<string, number>>((counts, { status, body }) => {
    const key = `${status}${body?.code ? ` ${body.code}` : ''}`;
    return { ...counts, [key]: (counts[key] ?? 0) + 1 };
  }, {});

describe('a sign-in flood from one address', () => {
  it('is refused with 429 and Retry-After beyond what the address may fail, never a 500, and other callers go on', async () => {
    const started = Date.now();
    let outstanding = floodSize;
    let hashingFull!: () => void;
    const busy = new Promise<void>((resolve) => (hashingFull = resolve));
    const wave = Promise.all(
      Array.from({ length: floodSize }, async (_, index) => {
        const answer = await callRoute(baseUrl, 'signIn', {
          input: { login: `made-up-${index}`, password: 'not-a-password-1', domain: client.domain },
        });
        outstanding -= 1;
        if (answer.body?.code === 'PASSWORDS_BUSY') hashingFull();
        return answer;
      }),
    );
    // Once the hashing threads are full, another caller's request is answered while their hashes still run.
    await Promise.race([busy, wave]);
    const meDuringWave = await callRoute(baseUrl, 'currentUser', { token: owner.token, localAddress: '127.0.0.2' });
    const outstandingThen = outstanding;
    const answers = await wave;
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `sign-in flood: ${floodSize} made-up logins answered ${JSON.stringify(tally(answers))} in ${seconds} s`,
    );

    expect(meDuringWave.status, meDuringWave.text).toBe(200);
    expect(outstandingThen).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const checked = answers.filter((answer) => answer.status === 401);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(checked.length + refused.length).toBe(floodSize);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(addressCeiling);
    for (const answer of refused) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    // Past the address's 50 failures the rest were refused before a hash, for the rest of the window.
    const pastCeiling = refused.filter((answer) => answer.body.code === 'TOO_MANY_REQUESTS');
    expect(pastCeiling.length).toBeGreaterThanOrEqual(floodSize - addressCeiling);
    expect(pastCeiling.every((answer) => /^Too many failed sign-ins; try again in/.test(answer.body.error))).toBe(true);

    // Right after the wave: a player signs in from another address and reads their profile.
    const signIn = await callRoute(baseUrl, 'signIn', {
      input: { login: owner.user.login, password: probePassword, domain: client.domain },
      localAddress: '127.0.0.2',
    });
    expect(signIn.status, signIn.text).toBe(200);
    const me = await callRoute(baseUrl, 'currentUser', { token: signIn.body.access_token, localAddress: '127.0.0.2' });
    expect(me.status, me.text).toBe(200);
    expect(me.body.id).toBe(owner.user.id);
  });
});
