// Contact Admin (docs/rules.md, Contact Admin): a member writes to their client's company administrators, who find
// the message in their list (newest first, a page at a time) and, once its job has run, in their mailbox, once each
// however often the job is queued or run; another client's administrators never see it; a sender sends at most five
// an hour; bad input is refused and changes nothing.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import type { Client } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { messageLimits } from '#domain/tenancy/admin-messages.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import type { Mailer } from '../../functions/adapters/mailer.ts';
import { createAdminApi } from '../../functions/http/admin-api.ts';
import { mailAdminMessage } from '../../functions/jobs/mail-admin-message.ts';
import { addAdminMessage } from '../../functions/store/admin-messages.ts';
import { queueJob } from '../../functions/store/job-records.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { createTenant, type Member, memberWith } from '../security/support/probe-tenants.ts';
import { mailsTo, outboxMails } from '../support/outbox.ts';
import { callHandler } from './support/call-handler.ts';
import { call, send } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
// The mail jobs a test's messages queued have run before the next test, and before the stack closes.
afterEach(() => given.stack.settled());

const contact = (
  token: string,
  message: string,
  issue: RequestOf<typeof contracts.contactAdmin>['issue'] = 'Picks and bets',
) => call(given.api, contracts.contactAdmin, { issue, message }, token);
const list = (token: string, input: { limit?: number; cursor?: string } = {}) =>
  call(given.api, contracts.adminMessageList, input, token);
const mailsOf = (address: string, text: string) =>
  mailsTo(given.stack.outboxDir, address).filter((mail) => mail.includes(text));

/** A league of its own: two administrators, one deleted administrator, a player and a viewer of users. */
let league: Client;
let firstAdmin: Member;
let secondAdmin: Member;
let formerAdmin: Member;
let player: Member;
let viewer: Member;

beforeAll(async () => {
  const deps = given.stack.deps;
  league = await createTenant(deps, 'Contact League', 'contact-league');
  firstAdmin = await memberWith(deps, league, companyAdminPermissions, { login: 'first-admin', firstName: 'First' });
  secondAdmin = await memberWith(deps, league, companyAdminPermissions, { login: 'second-admin', firstName: 'Second' });
  formerAdmin = await memberWith(deps, league, companyAdminPermissions, { login: 'former-admin' });
  player = await memberWith(deps, league, [Permission.SetBets, Permission.ViewOwnProfile], {
    login: 'pat',
    firstName: 'Pat',
    lastName: 'Player',
  });
  viewer = await memberWith(deps, league, [Permission.ViewUsers], { login: 'vic' });
  const sysadmin = await given.api.signIn('admin', adminPassword, 'admin');
  const deleted = await call(
    given.api,
    contracts.deleteUser,
    { id: formerAdmin.user.id, clientId: league.id },
    sysadmin,
  );
  expect(deleted.status).toBe(200);
});

describe('Contact Admin', () => {
  it("delivers the message to every administrator of the sender's client: in their list and a mail to each, once", async () => {
    const text = 'My Sunday pick did not save.\nCan you check the Chiefs game?';
    const sent = await contact(player.token, text, 'Picks and bets');
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ id: expect.any(Number), message: 'Your message was sent.' });
    await given.stack.settled();

    for (const admin of [firstAdmin, secondAdmin]) {
      const page = await list(admin.token);
      expect(page.status).toBe(200);
      expect(page.body.data[0]).toEqual({
        id: sent.body.id,
        issue: 'Picks and bets',
        message: text,
        createdAt: expect.any(String),
        senderId: player.user.id,
        senderName: 'Pat Player',
        senderLogin: 'pat',
        senderEmail: player.user.emailAddress,
      });
      const mails = mailsOf(admin.user.emailAddress, 'Can you check the Chiefs game?');
      expect(mails, admin.user.login).toHaveLength(1);
      expect(mails[0]).toContain('Subject: Contact League: a message from Pat Player (Picks and bets)');
      expect(mails[0]).toContain(`Hello ${admin.user.displayName},`);
      expect(mails[0]).toContain(`Answer them at ${player.user.emailAddress}.`);
    }
    // Neither a deleted administrator, nor a member who only views users, nor the sender is mailed.
    for (const other of [formerAdmin, viewer, player])
      expect(mailsOf(other.user.emailAddress, 'Can you check the Chiefs game?'), other.user.login).toHaveLength(0);
  });

  it('an administrator who writes is not mailed their own message, but the other administrators are', async () => {
    const sent = await contact(firstAdmin.token, 'Note to my co-admin: prizes need a look.', 'Something else');
    expect(sent.status).toBe(201);
    await given.stack.settled();
    expect(mailsOf(firstAdmin.user.emailAddress, 'prizes need a look')).toHaveLength(0);
    expect(mailsOf(secondAdmin.user.emailAddress, 'prizes need a look')).toHaveLength(1);
    expect((await list(firstAdmin.token)).body.data[0]).toMatchObject({ id: sent.body.id, senderLogin: 'first-admin' });
  });

  it('lists newest first, a page at a time by cursor; only administrators may read it', async () => {
    const first = await contact(viewer.token, 'Older question');
    const second = await contact(viewer.token, 'Newer question');
    const page = await list(secondAdmin.token, { limit: 1 });
    expect(page.body.data.map((row) => row.id)).toEqual([second.body.id]);
    expect(page.body.cursor).toBe(String(second.body.id));
    const next = await list(secondAdmin.token, { limit: 1, cursor: page.body.cursor! });
    expect(next.body.data.map((row) => row.id)).toEqual([first.body.id]);
    const all = (await list(secondAdmin.token, { limit: 50 })).body;
    expect(all.cursor).toBeNull();
    const ids = all.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    for (const member of [player, viewer]) expect((await list(member.token)).status, member.user.login).toBe(403);
  });

  it("another client's administrators never see the messages, and theirs never reach this client", async () => {
    const alex = await given.api.signIn('alex');
    const demoText = 'Demo-only question about the leaderboard';
    const fromDemo = await contact(alex, demoText, 'Leaderboard and points');
    expect(fromDemo.status).toBe(201);
    await given.stack.settled();
    const coach = await given.api.signIn('coach');
    const coachMail = (await call(given.api, contracts.currentUser, {}, coach)).body.emailAddress;
    expect((await list(coach)).body.data[0]).toMatchObject({ id: fromDemo.body.id, senderLogin: 'alex' });
    expect(mailsOf(coachMail, demoText)).toHaveLength(1);

    const rivalAdmin = await given.api.signIn('rival-admin', undefined, 'rival');
    const rivalList = (await list(rivalAdmin, { limit: 50 })).body.data;
    expect(rivalList.some((row) => row.id === fromDemo.body.id)).toBe(false);
    const rivalMail = (await call(given.api, contracts.currentUser, {}, rivalAdmin)).body.emailAddress;
    expect(mailsOf(rivalMail, demoText)).toHaveLength(0);
    for (const admin of [firstAdmin, secondAdmin]) {
      expect((await list(admin.token, { limit: 50 })).body.data.some((row) => row.id === fromDemo.body.id)).toBe(false);
      expect(mailsOf(admin.user.emailAddress, demoText)).toHaveLength(0);
    }

    // Rival League's player writes to Rival League only.
    const jules = await given.api.signIn('jules', undefined, 'rival');
    const fromRival = await contact(jules, 'Rival question', 'Scores and results');
    expect((await list(rivalAdmin)).body.data[0]).toMatchObject({ id: fromRival.body.id, senderLogin: 'jules' });
    expect((await list(coach, { limit: 50 })).body.data.some((row) => row.id === fromRival.body.id)).toBe(false);
    // A cursor is only a place in the caller's own list: another client's message id reaches nothing of theirs.
    const fromCursor = await list(coach, { cursor: String(fromRival.body.id + 1), limit: 50 });
    expect(fromCursor.body.data.some((row) => row.id === fromRival.body.id)).toBe(false);
  });

  it('a sender sends at most five an hour: the sixth is 429 with Retry-After and stores and mails nothing; an hour later it goes', async () => {
    const deps = given.stack.deps;
    const busy = await memberWith(deps, league, [Permission.SetBets], { login: 'busy', firstName: 'Busy' });
    for (let index = 1; index <= messageLimits.perHour; index++)
      expect((await contact(busy.token, `Busy question ${index}`)).status).toBe(201);
    const before = (await list(firstAdmin.token, { limit: 50 })).body.data;

    const sixth = await contact(busy.token, 'Busy question 6');
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('TOO_MANY_MESSAGES');
    expect(sixth.body.error).toMatch(
      /^You have sent 5 messages to your administrators in the last hour; try again in \d+ minutes?$/,
    );
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(messageLimits.windowMs / 1000);
    expect((await list(firstAdmin.token, { limit: 50 })).body.data).toEqual(before);
    await given.stack.settled();
    expect(mailsOf(firstAdmin.user.emailAddress, 'Busy question 6')).toHaveLength(0);
    // The limit is the sender's: another member of the client still writes.
    expect((await contact(viewer.token, 'Not busy at all')).status).toBe(201);

    const later = fixedClock(new Date(deps.clock.now().getTime() + messageLimits.windowMs + 1000));
    const adminApi = createAdminApi(() => ({ ...deps, clock: later }));
    const afterHour = await callHandler(
      adminApi,
      contracts.contactAdmin,
      { issue: 'Picks and bets', message: 'Busy question 6' },
      busy.token,
    );
    expect(afterHour.status).toBe(201);
    await given.stack.settled();
    expect(mailsOf(firstAdmin.user.emailAddress, 'Busy question 6')).toHaveLength(1);
  });

  it('mails each administrator once however often its job is queued or run', async () => {
    const deps = given.stack.deps;
    const text = 'Twice queued: the bonus pick vanished.';
    const sent = await contact(player.token, text);
    expect(sent.status).toBe(201);
    await given.stack.settled();
    // The job queued again for the same message (a retried request), and run again by hand (a re-run after a crash).
    const again = { jobId: await deps.ids.next('job'), type: 'MailAdminMessage' as const, clientId: league.id };
    await queueJob(deps, { ...again, actorId: player.user.id, payload: { messageId: sent.body.id } }, 'Pat Player');
    await given.stack.settled();
    expect(await mailAdminMessage(deps, league.id, sent.body.id)).toEqual({ mailed: 0, alreadyMailed: 2, failed: 0 });
    for (const admin of [firstAdmin, secondAdmin]) expect(mailsOf(admin.user.emailAddress, text)).toHaveLength(1);
  });

  it('a refused mail keeps no other administrator from theirs, and goes out when the job runs again', async () => {
    const deps = given.stack.deps;
    const text = 'Refused once: my display name is wrong.';
    const message = {
      id: await deps.ids.next('adminMessage'),
      clientId: league.id,
      issue: 'Something else',
      message: text,
      createdAt: deps.clock.now().toISOString(),
      senderId: player.user.id,
      senderLogin: 'pat',
      senderName: 'Pat Player',
      senderEmail: player.user.emailAddress,
    };
    await addAdminMessage(deps, message);
    const refusing: Mailer = {
      send: (mail) =>
        mail.to === firstAdmin.user.emailAddress ? Promise.reject(new Error('Throttled')) : deps.mailer.send(mail),
    };
    const run = await mailAdminMessage({ ...deps, mailer: refusing }, league.id, message.id);
    expect(run).toEqual({ mailed: 1, alreadyMailed: 0, failed: 1 });
    expect(mailsOf(firstAdmin.user.emailAddress, text)).toHaveLength(0);
    expect(mailsOf(secondAdmin.user.emailAddress, text)).toHaveLength(1);
    expect(await mailAdminMessage(deps, league.id, message.id)).toEqual({ mailed: 1, alreadyMailed: 1, failed: 0 });
    for (const admin of [firstAdmin, secondAdmin]) expect(mailsOf(admin.user.emailAddress, text)).toHaveLength(1);
  });

  it('a pool without an administrator keeps the message for the first one, and mails nobody', async () => {
    const deps = given.stack.deps;
    const lonely = await createTenant(deps, 'Lonely League', 'lonely-league');
    const member = await memberWith(deps, lonely, [Permission.SetBets], { login: 'solo' });
    const sent = await contact(member.token, 'Is anybody there?');
    expect(sent).toMatchObject({
      status: 201,
      body: { message: 'Your message was saved, but your pool has no administrator yet: the first one will read it.' },
    });
    await given.stack.settled();
    expect(outboxMails(given.stack.outboxDir).filter((mail) => mail.includes('Is anybody there?'))).toHaveLength(0);
  });

  it('of many sends at once, no more than five in the hour get through', async () => {
    const racer = await memberWith(given.stack.deps, league, [Permission.SetBets], { login: 'racer' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => contact(racer.token, `Racing question ${index}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const stored = (await list(firstAdmin.token, { limit: 50 })).body.data.filter((row) => row.senderLogin === 'racer');
    expect(stored).toHaveLength(5);
  });

  it.each([
    ['no issue', { message: 'Hello' }, 'Issue is required'],
    ['an issue not on the list', { issue: 'Refund please', message: 'Hello' }, 'Issue is required'],
    ['no message', { issue: 'Picks and bets' }, 'Message is required'],
    ['a blank message', { issue: 'Picks and bets', message: '  \n ' }, 'Message is required'],
    [
      'a message over 2,000 characters',
      { issue: 'Picks and bets', message: 'm'.repeat(2001) },
      'Message must be at most 2000 characters',
    ],
    ['a control character', { issue: 'Picks and bets', message: 'ding\u0007' }, 'Message may not contain control'],
  ])('%s is refused with 400 and a message, stores nothing and counts nothing', async (_case, input, message) => {
    const quiet = await memberWith(given.stack.deps, league, [Permission.SetBets], {
      login: `quiet-${Math.random().toString(36).slice(2, 8)}`,
    });
    const before = (await list(firstAdmin.token, { limit: 50 })).body.data;
    const answer = await send(given.api, contracts.contactAdmin, input, quiet.token);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(message);
    expect((await list(firstAdmin.token, { limit: 50 })).body.data).toEqual(before);
    // Nothing was counted: five good messages still go.
    for (let index = 0; index < messageLimits.perHour; index++)
      expect((await contact(quiet.token, `Fine ${index}`)).status).toBe(201);
  });

  it('a forged cursor is refused with 400', async () => {
    const answer = await send(given.api, contracts.adminMessageList, { cursor: 'abc' }, firstAdmin.token);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain('cursor is not valid');
  });

  it('without a token nobody writes or reads', async () => {
    expect((await send(given.api, contracts.contactAdmin, { issue: 'Picks and bets', message: 'Hi' })).status).toBe(
      401,
    );
    expect((await send(given.api, contracts.adminMessageList, {})).status).toBe(401);
  });
});
