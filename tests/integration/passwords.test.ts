import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { createAuthApi } from '../../functions/http/auth-api.ts';
import { toApiGatewayEvent } from '../../infra/local/api-server.ts';
import { demo, lastMailTo, mailsTo, useTestStack } from './support/test-stack.ts';

const given = useTestStack();

const resetTokenIn = (mail: string | undefined) => /reset-password\?token=([\w-]+)/.exec(mail ?? '')?.[1];

describe('forgotten password', () => {
  it('mails a reset link to the user and answers the spec’s notice', async () => {
    const answer = await given.api.postForm('/send-password-link', { login: 'jamie', domain: 'demo' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('The instructions have been sent to your email');
    const mail = lastMailTo(given.stack.outboxDir, 'jamie@demo.example.com');
    expect(mail).toMatch(/Subject: Reset your Pick'em password/);
    expect(mail).toContain(`${given.stack.url}/#/reset-password?token=`);
  });

  it('builds the link from the configured site address: forged Host and X-Forwarded-* headers change nothing', async () => {
    const answer = await given.api.call('POST', '/send-password-link', {
      form: { login: 'morgan', domain: 'demo' },
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example' },
    });
    expect(answer.status).toBe(200);
    const mail = lastMailTo(given.stack.outboxDir, 'morgan@demo.example.com')!;
    expect(mail).toContain(`${given.stack.url}/#/reset-password?token=`);
    expect(mail).not.toContain('evil.example');
  });

  it('links another tenant at its own subdomain of the site', async () => {
    await given.api.postForm('/send-password-link', { login: 'admin', domain: 'admin' });
    const site = new URL(given.stack.url);
    expect(lastMailTo(given.stack.outboxDir, 'admin@admin.example.com')).toContain(
      `http://admin.${site.host}/#/reset-password?token=`,
    );
  });

  it('mails a login at most three links an hour, and answers the same beyond', async () => {
    const answers = [];
    for (let ask = 0; ask < 4; ask++)
      answers.push(await given.api.postForm('/send-password-link', { login: 'casey', domain: 'demo' }));
    expect(answers.map((answer) => answer.body.message)).toEqual(
      Array(4).fill('The instructions have been sent to your email'),
    );
    expect(mailsTo(given.stack.outboxDir, 'casey@demo.example.com')).toHaveLength(3);
  });

  it('a newer link voids the older ones', async () => {
    await given.api.postForm('/send-password-link', { login: 'blake', domain: 'demo' });
    const older = resetTokenIn(lastMailTo(given.stack.outboxDir, 'blake@demo.example.com'))!;
    await given.api.postForm('/send-password-link', { login: 'blake', domain: 'demo' });
    const newer = resetTokenIn(lastMailTo(given.stack.outboxDir, 'blake@demo.example.com'))!;
    expect(newer).not.toBe(older);
    const stale = await given.api.postForm('/reset-password', { token: older, newPassword: 'blake-old-link' });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('RESET_LINK_INVALID');
    expect((await given.api.postForm('/reset-password', { token: newer, newPassword: 'blake-new-link' })).status).toBe(
      200,
    );
  });

  it('answers the same for a login that does not exist, and mails nobody', async () => {
    const answer = await given.api.postForm('/send-password-link', { login: 'ghost', domain: 'demo' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('The instructions have been sent to your email');
    expect(lastMailTo(given.stack.outboxDir, 'ghost@demo.example.com')).toBeUndefined();
  });

  it('the link sets a new password once: the old password, a second use and older sessions stop working', async () => {
    const session = await given.api.signIn('drew');
    await given.api.postForm('/send-password-link', { login: 'drew', domain: 'demo' });
    const token = resetTokenIn(lastMailTo(given.stack.outboxDir, 'drew@demo.example.com'))!;
    const reset = await given.api.postForm('/reset-password', { token, newPassword: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect(
      (await given.api.postForm('/token', { login: 'drew', password: demo.password, domain: 'demo' })).status,
    ).toBe(401);
    expect(
      (await given.api.postForm('/token', { login: 'drew', password: 'brand-new-pass', domain: 'demo' })).status,
    ).toBe(200);
    expect((await given.api.get('/user', session)).status).toBe(401);
    const again = await given.api.postForm('/reset-password', { token, newPassword: 'another-pass' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('RESET_LINK_INVALID');
  });

  it('the link expires after one hour', async () => {
    await given.api.postForm('/send-password-link', { login: 'avery', domain: 'demo' });
    const token = resetTokenIn(lastMailTo(given.stack.outboxDir, 'avery@demo.example.com'))!;
    const anHourLater = createAuthApi(() => ({
      ...given.stack.deps,
      clock: fixedClock(new Date(Date.now() + 61 * 60 * 1000)),
    }));
    const event = toApiGatewayEvent({
      method: 'POST',
      url: '/Services/reset-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
      body: Buffer.from(new URLSearchParams({ token, newPassword: 'too-late-pass' }).toString()),
      sourceIp: '127.0.0.1',
    });
    const answer = await anHourLater(event, {} as never);
    expect(answer.statusCode).toBe(400);
    expect(
      (await given.api.postForm('/token', { login: 'avery', password: demo.password, domain: 'demo' })).status,
    ).toBe(200);
  });

  it('refuses a made-up token and a short new password without changing anything', async () => {
    expect((await given.api.postForm('/reset-password', { token: 'made-up', newPassword: 'long-enough' })).status).toBe(
      400,
    );
    const short = await given.api.postForm('/reset-password', { token: 'made-up', newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('New password must be at least 10 characters');
  });
});

describe('changing the password', () => {
  it('needs the old password', async () => {
    const token = await given.api.signIn('riley');
    const answer = await given.api.postForm(
      '/set-password',
      { oldPassword: 'wrong', newPassword: 'riley-new-pass', domain: 'demo' },
      token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('OLD_PASSWORD_WRONG');
    expect(
      (await given.api.postForm('/token', { login: 'riley', password: demo.password, domain: 'demo' })).status,
    ).toBe(200);
  });

  it('changes it: "Password changed", the new password signs in, and only the answered token stays signed in', async () => {
    const token = await given.api.signIn('quinn');
    const otherSession = await given.api.signIn('quinn');
    const answer = await given.api.postForm(
      '/set-password',
      { oldPassword: demo.password, newPassword: 'quinn-new-pass', domain: 'demo' },
      token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Password changed');
    expect((await given.api.get('/user', token)).status).toBe(401);
    expect((await given.api.get('/user', otherSession)).status).toBe(401);
    expect((await given.api.get('/user', answer.body.access_token)).status).toBe(200);
    expect(
      (await given.api.postForm('/token', { login: 'quinn', password: 'quinn-new-pass', domain: 'demo' })).status,
    ).toBe(200);
  });

  it('throttles guessing the old password like sign-ins: after 5 wrong ones, 429', async () => {
    const token = await given.api.signIn('jordan');
    const change = (oldPassword: string) =>
      given.api.postForm('/set-password', { oldPassword, newPassword: 'jordan-new-pass', domain: 'demo' }, token);
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
    expect((await given.api.postForm('/set-password', { oldPassword: 'x', newPassword: 'yyyyyyyy' })).status).toBe(401);
  });
});
