// What a client sends is checked by the contracts before any handler reads or writes: too long,
// loosely written or hidden-character input is a 400 with the reason, never a 500.
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { call, send } from './support/call.ts';
import { demo, useTestStack } from './support/test-stack.ts';

const given = useTestStack();

const signUp = (overrides: Record<string, string> = {}) => ({
  login: 'careful',
  emailAddress: 'careful@example.com',
  password: 'careful-pass',
  repeatPassword: 'careful-pass',
  displayName: 'Careful C.',
  firstName: 'Careful',
  lastName: 'Player',
  phoneNumber: '+1 202 555 0142',
  domain: 'demo',
  ...overrides,
});

/** How many DynamoDB requests the handlers send while `action` runs. */
async function dynamoRequestsDuring(action: () => Promise<unknown>): Promise<number> {
  await given.stack.settled();
  const send = vi.spyOn(DynamoDBDocumentClient.prototype, 'send');
  try {
    await action();
    return send.mock.calls.length;
  } finally {
    send.mockRestore();
  }
}

describe('too long for the store', () => {
  const longLogin = 'x'.repeat(2040);

  it('a sign-in with a 2,040-character login is a 400 that names the limit', async () => {
    const answer = await send(given.api, contracts.signIn, { login: longLogin, password: 'whatever', domain: 'demo' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'Login must be at most 64 characters', code: 'VALIDATION' });
  });

  it('so is a password link for one', async () => {
    const answer = await send(given.api, contracts.sendPasswordLink, { login: longLogin, domain: 'demo' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'Login must be at most 64 characters', code: 'VALIDATION' });
  });
});

describe('paths', () => {
  it('a malformed percent-encoding is a 400 with a reason, not a 500', async () => {
    for (const path of ['/%E0%A4%A', '/assets/%ZZ.js', '/Services/%E0%A4%A']) {
      const response = await fetch(`${given.stack.url}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ error: 'The path is not a valid URL', code: 'BAD_PATH' });
    }
  });
});

describe('ids are written as positive decimal numbers', () => {
  it.each([
    { sportId: '0x21' },
    { sportId: ' 33 ' },
    { 'sportId[0]': '33' },
    { sportId: ['33', '33'] },
    { sportId: '1e1' },
  ])('week-list refuses %j', async (query) => {
    const answer = await send(given.api, contracts.weekList, query, await given.api.signIn('alex'));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'sportId must be a positive whole number', code: 'VALIDATION' });
  });

  it('a JSON body sends numbers, or digits; a list is not an id', async () => {
    const token = await given.api.signIn('alex');
    const answer = await send(given.api, contracts.setBets, { sportId: ['33'], bets: [] }, token);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('sportId must be a positive whole number');
  });

  it('season-list takes at most 50 sports and reads no season for a longer list', async () => {
    const token = await given.api.signIn('alex');
    const refusedOne = await dynamoRequestsDuring(() => send(given.api, contracts.seasonList, { sportId: 'x' }, token));
    let answer: Awaited<ReturnType<typeof send<typeof contracts.seasonList>>> | undefined;
    const refusedMany = await dynamoRequestsDuring(async () => {
      answer = await send(given.api, contracts.seasonList, { sportId: Array(300).fill(33) }, token);
    });
    expect(answer?.status).toBe(400);
    expect(answer?.body).toMatchObject({ error: 'At most 50 sportId values may be sent', code: 'VALIDATION' });
    expect(refusedMany).toBe(refusedOne);
  });

  it('season-list reads each sport named once', async () => {
    const token = await given.api.signIn('alex');
    const once = await dynamoRequestsDuring(() => call(given.api, contracts.seasonList, { sportId: 33 }, token));
    let answer: Awaited<ReturnType<typeof call<typeof contracts.seasonList>>> | undefined;
    const repeated = await dynamoRequestsDuring(async () => {
      answer = await call(given.api, contracts.seasonList, { sportId: Array<number>(50).fill(33) }, token);
    });
    expect(answer?.status).toBe(200);
    expect(answer?.body).toEqual([expect.objectContaining({ sportId: 33 })]);
    expect(once).toBeGreaterThan(0);
    expect(repeated).toBe(once);
  });
});

describe('names', () => {
  it('a display name with a right-to-left override is refused at sign-up', async () => {
    const answer = await send(given.api, contracts.register, signUp({ displayName: 'Alex\u202Exe.tab' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'Display name may not contain control or text-direction characters',
      code: 'VALIDATION',
    });
  });

  it('and in a profile edit', async () => {
    const token = await given.api.signIn('alex');
    const me = (await call(given.api, contracts.currentUser, {}, token)).body;
    const answer = await send(
      given.api,
      contracts.editUser,
      { id: me.id, displayName: me.displayName, firstName: 'A\u001b[2Jlex', lastName: me.lastName },
      token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('First name may not contain control or text-direction characters');
  });
});

describe('new passwords', () => {
  it.each([
    [{ password: 'short-pw', repeatPassword: 'short-pw' }, 'Password must be at least 10 characters'],
    [
      { password: 'qwertyuiop', repeatPassword: 'qwertyuiop' },
      'Password is one of the most common passwords; choose one that is harder to guess',
    ],
    [
      { login: 'careful-pass', password: 'Careful-Pass', repeatPassword: 'Careful-Pass' },
      'Password may not be the same as the login',
    ],
  ])('sign-up refuses %j', async (overrides, message) => {
    const answer = await send(given.api, contracts.register, signUp(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: message, code: 'VALIDATION' });
  });

  it('a reset refuses a short or common one', async () => {
    const short = await send(given.api, contracts.resetPassword, { token: 'made-up', newPassword: 'pickem-1' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('New password must be at least 10 characters');
    const common = await send(given.api, contracts.resetPassword, { token: 'made-up', newPassword: '1234567890' });
    expect(common.body.error).toBe(
      'New password is one of the most common passwords; choose one that is harder to guess',
    );
  });

  it('a change refuses a common one, and the old password still signs in', async () => {
    const token = await given.api.signIn('alex');
    const answer = await send(
      given.api,
      contracts.setPassword,
      { oldPassword: demo.password, newPassword: 'Password123', domain: 'demo' },
      token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(
      'New password is one of the most common passwords; choose one that is harder to guess',
    );
    expect(await given.api.signIn('alex')).toBeTruthy();
  });
});
