// Passwords (docs/rules.md, Password reset): the forgotten-password link and changing the password on the profile.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { createAuthApi } from '../../functions/http/auth-api.ts';
import { call, send } from './support/call.ts';
import { callHandler } from './support/call-handler.ts';
import { depsWithFault } from './support/faulty-deps.ts';
import { demo, useTestStack } from './support/test-stack.ts';
import { lastMailTo, mailsTo, passwordLinkMail } from '../support/outbox.ts';

const given = useTestStack();

const sendLink = (login: string, domain = 'demo') => call(given.api, contracts.sendPasswordLink, { login, domain });
const reset = (input: RequestOf<typeof contracts.resetPassword>) => call(given.api, contracts.resetPassword, input);
const signIn = (login: string, password: string) =>
  call(given.api, contracts.signIn, { login, password, domain: 'demo' });
const currentUser = (token: string) => call(given.api, contracts.currentUser, {}, token);
const resetTokenIn = (mail: string | undefined) => /reset-password\?token=([\w-]+)/.exec(mail ?? '')?.[1];
/** The stack's deps with the password's write throttled past the SDK's retries. */
const passwordWriteThrottled = () =>
  depsWithFault(
    given.stack,
    (command) =>
      String(command.input.Key?.SK).startsWith('USER#') &&
      command.input.UpdateExpression?.includes('passwordHash') === true,
    'throttle',
    Infinity,
  );

describe('forgotten password', () => {
  it('mails a reset link to the user and answers the spec’s notice', async () => {
    const answer = await sendLink('jamie');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('The instructions have been sent to your email');
    const mail = lastMailTo(given.stack.outboxDir, 'jamie@demo.example.com', passwordLinkMail);
    expect(mail).toMatch(/Subject: Reset your Pick'em password/);
    expect(mail).toContain(`${given.stack.url}/#/reset-password?token=`);
  });

  it('builds the link from the configured site address: forged Host and X-Forwarded-* headers change nothing', async () => {
    // A probe of forged headers: raw HTTP on purpose.
    const answer = await given.api.call('POST', '/send-password-link', {
      form: { login: 'morgan', domain: 'demo' },
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example' },
    });
    expect(answer.status).toBe(200);
    const mail = lastMailTo(given.stack.outboxDir, 'morgan@demo.example.com', passwordLinkMail)!;
    expect(mail).toContain(`${given.stack.url}/#/reset-password?token=`);
    expect(mail).not.toContain('evil.example');
  });

  it('links another tenant at its own subdomain of the site', async () => {
    await sendLink('admin', 'admin');
    const site = new URL(given.stack.url);
    expect(lastMailTo(given.stack.outboxDir, 'admin@admin.example.com', passwordLinkMail)).toContain(
      `http://admin.${site.host}/#/reset-password?token=`,
    );
  });

  it('mails a login at most three links an hour, and answers the same beyond', async () => {
    const answers = [];
    for (let ask = 0; ask < 4; ask++) answers.push(await sendLink('casey'));
    expect(answers.map((answer) => answer.body.message)).toEqual(
      Array(4).fill('The instructions have been sent to your email'),
    );
    expect(mailsTo(given.stack.outboxDir, 'casey@demo.example.com', passwordLinkMail)).toHaveLength(3);
  });

  it('a newer link voids the older ones', async () => {
    await sendLink('blake');
    const older = resetTokenIn(lastMailTo(given.stack.outboxDir, 'blake@demo.example.com', passwordLinkMail))!;
    await sendLink('blake');
    const newer = resetTokenIn(lastMailTo(given.stack.outboxDir, 'blake@demo.example.com', passwordLinkMail))!;
    expect(newer).not.toBe(older);
    const stale = await reset({ token: older, newPassword: 'blake-old-link' });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('RESET_LINK_INVALID');
    expect((await reset({ token: newer, newPassword: 'blake-new-link' })).status).toBe(200);
  });

  it('answers the same for a login that does not exist, and mails nobody', async () => {
    const answer = await sendLink('ghost');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('The instructions have been sent to your email');
    expect(lastMailTo(given.stack.outboxDir, 'ghost@demo.example.com', passwordLinkMail)).toBeUndefined();
  });

  it('the link sets a new password once: the old password, a second use and older sessions stop working', async () => {
    const session = await given.api.signIn('drew');
    await sendLink('drew');
    const token = resetTokenIn(lastMailTo(given.stack.outboxDir, 'drew@demo.example.com', passwordLinkMail))!;
    const used = await reset({ token, newPassword: 'brand-new-pass' });
    expect(used.status).toBe(200);
    expect((await signIn('drew', demo.password)).status).toBe(401);
    expect((await signIn('drew', 'brand-new-pass')).status).toBe(200);
    expect((await currentUser(session)).status).toBe(401);
    const again = await reset({ token, newPassword: 'another-pass' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('RESET_LINK_INVALID');
  });

  it('a reset stopped by a fault after its link was used finishes when asked again with the same password, not another', async () => {
    await sendLink('taylor');
    const token = resetTokenIn(lastMailTo(given.stack.outboxDir, 'taylor@demo.example.com', passwordLinkMail))!;
    // The password's write throttled past the SDK's retries: 503, the link already used for the new password.
    const throttled = passwordWriteThrottled();
    const stopped = await callHandler(
      createAuthApi(() => throttled),
      contracts.resetPassword,
      {
        token,
        newPassword: 'taylor-new-pass',
      },
    );
    expect(stopped.status).toBe(503);
    expect((await signIn('taylor', demo.password)).status).toBe(200);
    const other = await reset({ token, newPassword: 'someone-else' });
    expect(other.body.code).toBe('RESET_LINK_INVALID');
    expect((await reset({ token, newPassword: 'taylor-new-pass' })).status).toBe(200);
    expect((await signIn('taylor', 'taylor-new-pass')).status).toBe(200);
    expect((await signIn('taylor', demo.password)).status).toBe(401);
    // Not later than 10 minutes after: a used link does not set its password again (a change made since stays).
    const later = createAuthApi(() => ({
      ...given.stack.deps,
      clock: fixedClock(new Date(Date.now() + 11 * 60 * 1000)),
    }));
    const replay = await callHandler(later, contracts.resetPassword, { token, newPassword: 'taylor-new-pass' });
    expect(replay.body.code).toBe('RESET_LINK_INVALID');
  });

  it('a reset stopped by a fault just before its link expired finishes when asked again just after, with the same password', async () => {
    const mailedFrom = Date.now();
    await sendLink('coach');
    const mailedBy = Date.now();
    const token = resetTokenIn(lastMailTo(given.stack.outboxDir, 'coach@demo.example.com', passwordLinkMail))!;
    const at = (ms: number) => ({ ...given.stack.deps, clock: fixedClock(new Date(ms)) });
    const throttledAt = (ms: number) => ({
      ...passwordWriteThrottled(),
      clock: fixedClock(new Date(ms)),
    });
    const hour = 60 * 60 * 1000;
    const input = { token, newPassword: 'coach-new-pass' };
    const stopped = await callHandler(
      createAuthApi(() => throttledAt(mailedFrom + hour - 5000)),
      contracts.resetPassword,
      input,
    );
    expect(stopped.status).toBe(503);
    const again = await callHandler(
      createAuthApi(() => at(mailedBy + hour + 3000)),
      contracts.resetPassword,
      input,
    );
    expect(again.status).toBe(200);
    expect((await signIn('coach', 'coach-new-pass')).status).toBe(200);
  });

  it('a reset whose use of the link lost its answer (the SDK sends it again) sets the password', async () => {
    await sendLink('sam');
    const token = resetTokenIn(lastMailTo(given.stack.outboxDir, 'sam@demo.example.com', passwordLinkMail))!;
    const lostAnswer = depsWithFault(
      given.stack,
      (command) => command.input.UpdateExpression?.includes('usedFor') === true,
      'timeoutAfterWrite',
    );
    const answer = await callHandler(
      createAuthApi(() => lostAnswer),
      contracts.resetPassword,
      {
        token,
        newPassword: 'sam-new-password',
      },
    );
    expect(answer.status).toBe(200);
    expect((await signIn('sam', 'sam-new-password')).status).toBe(200);
  });

  it('a used link asked again leaves a password changed since, and answers only a few asks', async () => {
    await sendLink('alex');
    const token = resetTokenIn(lastMailTo(given.stack.outboxDir, 'alex@demo.example.com', passwordLinkMail))!;
    expect((await reset({ token, newPassword: 'alex-reset-pass' })).status).toBe(200);
    // Asked again at once with its password: it stands, nothing to do.
    expect((await reset({ token, newPassword: 'alex-reset-pass' })).status).toBe(200);
    const session = (await signIn('alex', 'alex-reset-pass')).body.access_token as string;
    const changed = await call(
      given.api,
      contracts.setPassword,
      { oldPassword: 'alex-reset-pass', newPassword: 'alex-later-pass', domain: 'demo' },
      session,
    );
    expect(changed.status).toBe(200);
    expect((await reset({ token, newPassword: 'alex-reset-pass' })).body.code).toBe('RESET_LINK_INVALID');
    expect((await signIn('alex', 'alex-later-pass')).status).toBe(200);
  });

  it('a used link answers at most five asks, so it tests no more guesses of its password', async () => {
    await sendLink('jamie');
    const token = resetTokenIn(lastMailTo(given.stack.outboxDir, 'jamie@demo.example.com', passwordLinkMail))!;
    expect((await reset({ token, newPassword: 'jamie-reset-pass' })).status).toBe(200);
    for (let guess = 1; guess <= 5; guess++)
      expect((await reset({ token, newPassword: `jamie-guess-${guess}` })).body.code).toBe('RESET_LINK_INVALID');
    expect((await reset({ token, newPassword: 'jamie-reset-pass' })).body.code).toBe('RESET_LINK_INVALID');
    expect((await signIn('jamie', 'jamie-reset-pass')).status).toBe(200);
  });

  it('the link expires after one hour', async () => {
    await sendLink('avery');
    const token = resetTokenIn(lastMailTo(given.stack.outboxDir, 'avery@demo.example.com', passwordLinkMail))!;
    const anHourLater = createAuthApi(() => ({
      ...given.stack.deps,
      clock: fixedClock(new Date(Date.now() + 61 * 60 * 1000)),
    }));
    const answer = await callHandler(anHourLater, contracts.resetPassword, { token, newPassword: 'too-late-pass' });
    expect(answer.status).toBe(400);
    expect((await signIn('avery', demo.password)).status).toBe(200);
  });

  it('refuses a made-up token and a short new password without changing anything', async () => {
    expect((await reset({ token: 'made-up', newPassword: 'long-enough' })).status).toBe(400);
    const short = await reset({ token: 'made-up', newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('New password must be at least 10 characters');
  });
});

describe('changing the password', () => {
  it('needs the old password', async () => {
    const token = await given.api.signIn('riley');
    const answer = await call(
      given.api,
      contracts.setPassword,
      { oldPassword: 'wrong', newPassword: 'riley-new-pass', domain: 'demo' },
      token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('OLD_PASSWORD_WRONG');
    expect((await signIn('riley', demo.password)).status).toBe(200);
  });

  it('changes it: "Password changed", the new password signs in, only the answered token stays signed in, and a link mailed before is void', async () => {
    const token = await given.api.signIn('quinn');
    const otherSession = await given.api.signIn('quinn');
    await sendLink('quinn');
    const link = resetTokenIn(lastMailTo(given.stack.outboxDir, 'quinn@demo.example.com', passwordLinkMail))!;
    const answer = await call(
      given.api,
      contracts.setPassword,
      { oldPassword: demo.password, newPassword: 'quinn-new-pass', domain: 'demo' },
      token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Password changed');
    expect((await currentUser(token)).status).toBe(401);
    expect((await currentUser(otherSession)).status).toBe(401);
    expect((await currentUser(answer.body.access_token)).status).toBe(200);
    expect((await signIn('quinn', 'quinn-new-pass')).status).toBe(200);
    // Whoever holds the mailed link no longer sets the password.
    const late = await reset({ token: link, newPassword: 'quinn-link-pass' });
    expect([late.status, late.body.code]).toEqual([400, 'RESET_LINK_INVALID']);
    expect((await signIn('quinn', 'quinn-new-pass')).status).toBe(200);
  });

  it('throttles guessing the old password like sign-ins: after 5 wrong ones, 429', async () => {
    const token = await given.api.signIn('jordan');
    const change = (oldPassword: string) =>
      call(given.api, contracts.setPassword, { oldPassword, newPassword: 'jordan-new-pass', domain: 'demo' }, token);
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await change('guess')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const sixth = await change(demo.password);
    expect(sixth.status).toBe(429);
    // 30 s from the last wrong guess, less the time the sixth call took to arrive.
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(20);
    expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(30);
  });

  it('needs a token', async () => {
    expect((await send(given.api, contracts.setPassword, { oldPassword: 'x', newPassword: 'yyyyyyyy' })).status).toBe(
      401,
    );
  });
});
