// An administrator mails a user a new set-password link from the Users page (docs/rules.md, Users): the link
// works like a reset link, only users of the caller's client are reached, and a user gets one such mail per
// 5 minutes however many requests come at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { userLinkMailIntervalMs } from '#domain/auth/password-reset.ts';
import type { User } from '#domain/auth/user.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { createUsersApi } from '../../functions/http/users-api.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { findUserByLogin } from '../../functions/store/account-claims.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { callHandler } from './support/call-handler.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';
import { lastMailTo, mailsTo, passwordLinkMail } from '../support/outbox.ts';

const given = useTestStack();
const linkTokenIn = (mail: string | undefined) => /reset-password\?token=([\w-]+)/.exec(mail ?? '')?.[1];

let demoId: number;
let rivalId: number;
let coach: string;

beforeAll(async () => {
  demoId = (await findClientByDomain(given.stack.deps, 'demo'))!.id;
  rivalId = (await findClientByDomain(given.stack.deps, 'rival'))!.id;
  coach = await given.api.signIn('coach');
});

const demoUser = async (login: string): Promise<User> => (await findUserByLogin(given.stack.deps, demoId, login))!;
const mailLink = (token: string, userId: number, clientId?: number) =>
  call(given.api, contracts.sendUserPasswordLink, { userId, clientId }, token);
const outbox = () => given.stack.outboxDir;
const choosePassword = (mail: string | undefined, newPassword: string) =>
  call(given.api, contracts.resetPassword, { token: linkTokenIn(mail)!, newPassword });

describe('User/send-password-link', () => {
  it('mails the user a link with which they choose a new password and sign in', async () => {
    const sam = await demoUser('sam');
    const answer = await mailLink(coach, sam.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ message: 'Mail sent.' });

    const mail = lastMailTo(outbox(), 'sam@demo.example.com', passwordLinkMail);
    expect(mail).toMatch(/Subject: Choose your Pick'em password at Demo/);
    expect(mail).toContain("An administrator of Demo sent you a link to choose a new password for the login 'sam'");
    expect(mail).toContain('within a day');
    expect(mail).toContain(`${given.stack.url}/#/reset-password?token=`);
    expect((await choosePassword(mail, 'sam-chose-this-one')).status).toBe(200);
    const token = await given.api.signIn('sam', 'sam-chose-this-one');
    expect((await call(given.api, contracts.currentUser, {}, token)).body).toMatchObject({ login: 'sam' });
  });

  it('a user who never had a password gets the new-account mail again, and only the newest link works', async () => {
    const created = await call(
      given.api,
      contracts.createUser,
      {
        login: 'slowreader',
        emailAddress: 'slowreader@players.example.com',
        displayName: 'Slow R.',
        firstName: 'Slow',
        lastName: 'Reader',
      },
      coach,
    );
    expect(created.status).toBe(201);
    const first = lastMailTo(outbox(), 'slowreader@players.example.com', passwordLinkMail);

    expect((await mailLink(coach, created.body.id)).status).toBe(200);
    const mails = mailsTo(outbox(), 'slowreader@players.example.com', passwordLinkMail);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatch(/Subject: Your Pick'em account at Demo/);
    expect((await choosePassword(first, 'from-the-first-link')).body.code).toBe('RESET_LINK_INVALID');
    expect((await choosePassword(mails[1], 'from-the-second-link')).status).toBe(200);
    await given.api.signIn('slowreader', 'from-the-second-link');
  });

  it("another client's administrator gets 404 for a user of ours, and nobody is mailed", async () => {
    const rivalAdmin = await given.api.signIn('rival-admin', undefined, 'rival');
    const jordan = await demoUser('jordan');
    const before = mailsTo(outbox(), 'jordan@demo.example.com', passwordLinkMail).length;

    const answer = await mailLink(rivalAdmin, jordan.id);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('UNKNOWN_USER');
    expect(JSON.stringify(answer.body)).not.toContain('jordan');
    // Naming our client instead is refused before anything is read.
    expect((await mailLink(rivalAdmin, jordan.id, demoId)).status).toBe(403);
    expect(mailsTo(outbox(), 'jordan@demo.example.com', passwordLinkMail)).toHaveLength(before);
  });

  it('a Bettor may not mail anyone a link (403), and nobody is mailed', async () => {
    const alex = await given.api.signIn('alex');
    const taylor = await demoUser('taylor');
    const answer = await mailLink(alex, taylor.id);
    expect(answer.status).toBe(403);
    expect(mailsTo(outbox(), 'taylor@demo.example.com', passwordLinkMail)).toHaveLength(0);
  });

  it('a second mail to the same user within 5 minutes is 429 with Retry-After and mails nothing; after them it goes', async () => {
    const morgan = await demoUser('morgan');
    expect((await mailLink(coach, morgan.id)).status).toBe(200);

    const again = await mailLink(coach, morgan.id);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('USER_LINK_MAILED');
    expect(again.body.error).toMatch(/^A set-password mail went to morgan less than 5 minutes ago; try again in \d/);
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(userLinkMailIntervalMs / 1000);
    // Another administrator of the client meets the same limit: it is the user's, not the sender's.
    const admin = await given.api.signIn('admin', adminPassword, 'admin');
    expect((await mailLink(admin, morgan.id, demoId)).status).toBe(429);
    expect(mailsTo(outbox(), 'morgan@demo.example.com', passwordLinkMail)).toHaveLength(1);

    const later = fixedClock(new Date(Date.now() + userLinkMailIntervalMs + 1000));
    const usersApi = createUsersApi(() => ({ ...given.stack.deps, clock: later }));
    const afterWindow = await callHandler(usersApi, contracts.sendUserPasswordLink, { userId: morgan.id }, coach);
    expect(afterWindow.status).toBe(200);
    expect(mailsTo(outbox(), 'morgan@demo.example.com', passwordLinkMail)).toHaveLength(2);
  });

  it('of two requests at once for the same user exactly one mails; the other is 429', async () => {
    const casey = await demoUser('casey');
    const answers = await Promise.all([mailLink(coach, casey.id), mailLink(coach, casey.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(mailsTo(outbox(), 'casey@demo.example.com', passwordLinkMail)).toHaveLength(1);
  });

  it('a mail that could not go does not count: the link mailed before still works, the next request mails at once', async () => {
    const jamie = await demoUser('jamie');
    const later = fixedClock(new Date(Date.now() + userLinkMailIntervalMs + 1000));
    const mailDown = createUsersApi(() => ({
      ...given.stack.deps,
      clock: later,
      mailer: { send: () => Promise.reject(new Error('SES is down')) },
    }));
    expect((await mailLink(coach, jamie.id)).status).toBe(200);
    const mailed = lastMailTo(outbox(), 'jamie@demo.example.com', passwordLinkMail);
    // The failure is a 500, which no contract documents, so the answer check refuses it.
    await expect(callHandler(mailDown, contracts.sendUserPasswordLink, { userId: jamie.id }, coach)).rejects.toThrow(
      /answered 500/,
    );
    expect((await choosePassword(mailed, 'jamie-still-can')).status).toBe(200);
    const usersLater = createUsersApi(() => ({ ...given.stack.deps, clock: later }));
    expect((await callHandler(usersLater, contracts.sendUserPasswordLink, { userId: jamie.id }, coach)).status).toBe(
      200,
    );
    expect(mailsTo(outbox(), 'jamie@demo.example.com', passwordLinkMail)).toHaveLength(2);
  });

  it('a deleted user is refused (404 USER_DELETED) and a user not active 409, and neither is mailed', async () => {
    const riley = await demoUser('riley');
    expect((await call(given.api, contracts.deleteUser, { id: riley.id }, coach)).status).toBe(200);
    const deleted = await mailLink(coach, riley.id);
    expect(deleted.status).toBe(404);
    expect(deleted.body).toMatchObject({ code: 'USER_DELETED', error: 'riley is deleted and can no longer sign in' });
    expect(mailsTo(outbox(), 'riley@demo.example.com', passwordLinkMail)).toHaveLength(0);

    const benched = await call(
      given.api,
      contracts.createUser,
      {
        login: 'benchwarmer',
        emailAddress: 'benchwarmer@players.example.com',
        displayName: 'Bench W.',
        firstName: 'Bench',
        lastName: 'Warmer',
        active: false,
      },
      coach,
    );
    const inactive = await mailLink(coach, benched.body.id);
    expect(inactive.status).toBe(409);
    expect(inactive.body.code).toBe('USER_NOT_ACTIVE');
    expect(mailsTo(outbox(), 'benchwarmer@players.example.com', passwordLinkMail)).toHaveLength(0);
  });

  it('a system administrator mails a user of another client by naming the client', async () => {
    const admin = await given.api.signIn('admin', adminPassword, 'admin');
    const jules = (await findUserByLogin(given.stack.deps, rivalId, 'jules'))!;
    const answer = await mailLink(admin, jules.id, rivalId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const mail = lastMailTo(outbox(), 'jules@rival.example.com', passwordLinkMail);
    expect(mail).toMatch(/Subject: Choose your Pick'em password at Rival League/);
    expect(mail).toMatch(/\/\/rival\.localhost:\d+\/#\/reset-password\?token=/);
  });
});
