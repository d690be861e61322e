// 'Remember me' (docs/rules.md, Sign-in): a remembered sign-in lasts 28 days, another 12 hours, whatever expiry a token
// claims; a password change keeps a remembered session remembered.
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { contracts } from '#domain/contracts/api.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { createAuthApi } from '../../functions/http/auth-api.ts';
import { call } from './support/call.ts';
import { callHandler } from './support/call-handler.ts';
import { demo, useTestStack } from './support/test-stack.ts';

const given = useTestStack();

describe("'remember me'", () => {
  const hours = 60 * 60 * 1000;
  const days = 24 * hours;
  const signIn = (login: string, remember: boolean) =>
    call(given.api, contracts.signIn, { login, password: demo.password, domain: 'demo', remember });
  /** What the current-user read answers for the token this long after now. */
  const answerAfter = async (token: string, after: number) => {
    const later = createAuthApi(() => ({ ...given.stack.deps, clock: fixedClock(new Date(Date.now() + after)) }));
    return (await callHandler(later, contracts.currentUser, {}, token)).status;
  };

  it('keeps a player signed in for 28 days; a sign-in without it lasts 12 hours', async () => {
    const [remembered, session] = [(await signIn('casey', true)).body, (await signIn('casey', false)).body];
    expect([remembered.expires_in, session.expires_in]).toEqual([28 * 24 * 3600, 12 * 3600]);
    expect(await answerAfter(session.access_token, 11 * hours)).toBe(200);
    expect(await answerAfter(session.access_token, 13 * hours)).toBe(401);
    expect(await answerAfter(remembered.access_token, 27 * days)).toBe(200);
    expect(await answerAfter(remembered.access_token, 28 * days + hours)).toBe(401);
  });

  it('a token lasts as long as its kind, whatever expiry it was signed with', async () => {
    const [, payload] = (await signIn('casey', false)).body.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const signing = await given.stack.deps.signingKeys.current();
    const stretched = (extra: object) =>
      new SignJWT({ ...claims, ...extra, exp: claims.iat + 20 * 24 * 3600 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: signing.id })
        .sign(signing.key);
    expect(await answerAfter(await stretched({}), 0)).toBe(401);
    expect(await answerAfter(await stretched({ rem: 1 }), 0)).toBe(200);
  });

  it('a password change keeps a remembered session remembered', async () => {
    const token = (await signIn('morgan', true)).body.access_token;
    const form = { oldPassword: demo.password, newPassword: 'morgan-new-pass', domain: 'demo' };
    const answer = await call(given.api, contracts.setPassword, form, token);
    expect(answer.body.expires_in).toBe(28 * 24 * 3600);
    expect(await answerAfter(answer.body.access_token, 27 * days)).toBe(200);
  });
});
