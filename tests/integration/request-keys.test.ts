// A change asked again (docs/rules.md, A change asked again): a change sent with an Idempotency-Key is made at most
// once per user and key. Asked again after its answer was lost it answers what it answered; asked again after it failed
// partway (AWS's failure after a write), it finds what the failed attempt made instead of making it twice.
import { beforeAll, describe, expect, it } from 'vitest';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import { Permission } from '#domain/auth/permissions.ts';
import type { Client } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { supportIssues } from '#domain/contracts/support.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import type { Deps } from '../../functions/adapters/deps.ts';
import { createAdminApi } from '../../functions/http/admin-api.ts';
import { createUsersApi } from '../../functions/http/users-api.ts';
import { keys } from '../../functions/store/keys.ts';
import { attemptMs } from '../../functions/store/request-keys.ts';
import { getItem } from '../../functions/store/state-table.ts';
import { createTenant, type Member, memberWith, probePassword } from '../security/support/probe-tenants.ts';
import { mailsTo } from '../support/outbox.ts';
import { callHandler } from './support/call-handler.ts';
import { call } from './support/call.ts';
import { depsWithFault } from './support/faulty-deps.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });

let league: Client;
let admin: Member;
let coAdmin: Member;
let player: Member;

beforeAll(async () => {
  const deps = given.stack.deps;
  league = await createTenant(deps, 'Keyed League', 'keyed-league');
  admin = await memberWith(deps, league, companyAdminPermissions, { login: 'keyed-admin' });
  coAdmin = await memberWith(deps, league, companyAdminPermissions, { login: 'keyed-co-admin' });
  player = await memberWith(deps, league, [Permission.SetBets], { login: 'keyed-player' });
});

const keyed = (key: string) => ({ 'Idempotency-Key': key });
const announce = (title: string, token = admin.token, key = `${title.replaceAll(' ', '-')}-key-0001`) =>
  call(given.api, contracts.addAnnouncement, { title, body: 'Kickoff moved.', sendEmail: true }, token, keyed(key));
const titled = async (title: string) =>
  (await call(given.api, contracts.announcementList, {}, player.token)).body.data.filter((row) => row.title === title);
const mailsOf = (title: string) =>
  mailsTo(given.stack.outboxDir, player.user.emailAddress).filter((mail) => mail.includes(title));

/** The admin API whose state-table writes matching `picks` fail with AWS's own failure, past the SDK's retries. */
const failingAt = (picks: (input: { UpdateExpression?: string; Item?: Record<string, unknown> }) => boolean) =>
  createAdminApi(() => depsWithFault(given.stack, (command) => picks(command.input), 'serverError', 10));

/** The deps once an attempt's time is up: a change it left running may be made again. */
const laterDeps = () => ({
  ...given.stack.deps,
  clock: fixedClock(new Date(given.stack.deps.clock.now().getTime() + attemptMs + 1000)),
});
const later = () => createAdminApi(laterDeps);

describe('a change sent with a request key', () => {
  it('asked again after its answer was lost answers the same and posts and mails once', async () => {
    const first = await announce('Week 12 note');
    expect(first.status).toBe(201);
    const again = await announce('Week 12 note');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    await given.stack.settled();
    expect(await titled('Week 12 note')).toHaveLength(1);
    expect(mailsOf('Week 12 note')).toHaveLength(1);
  });

  it('asked again after it failed past its write finds what it made: one announcement, mailed once', async () => {
    const input = { title: 'Bye week', body: 'Kickoff moved.', sendEmail: true };
    // The announcement is stored, then queuing its mail job meets AWS's failure: 503.
    const failed = await callHandler(
      failingAt((sent) => sent.Item?.type === 'MailAnnouncement'),
      contracts.addAnnouncement,
      input,
      admin.token,
      {},
      keyed('bye-week-key-0001'),
    );
    expect(failed.status).toBe(503);
    const again = await announce('Bye week', admin.token, 'bye-week-key-0001');
    expect(again.status).toBe(201);
    await given.stack.settled();
    expect((await titled('Bye week')).map((row) => row.id)).toEqual([again.body.id]);
    expect(mailsOf('Bye week')).toHaveLength(1);
  });

  it('is refused with another change under its key, and a malformed key is refused; neither makes anything', async () => {
    expect((await announce('Keyed first')).status).toBe(201);
    const other = await announce('Keyed other', admin.token, 'Keyed-first-key-0001');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('REQUEST_KEY_REUSED');
    const malformed = await announce('Keyed malformed', admin.token, 'short');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('BAD_REQUEST_KEY');
    expect(await titled('Keyed other')).toHaveLength(0);
    expect(await titled('Keyed malformed')).toHaveLength(0);
  });

  it("is each user's own: another administrator's same key and change is another change", async () => {
    const mine = await announce('Two admins', admin.token, 'shared-key-000001');
    const theirs = await announce('Two admins', coAdmin.token, 'shared-key-000001');
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await titled('Two admins')).toHaveLength(2);
  });

  it('made again after its answer could not be kept finds its own role, not a name taken', async () => {
    const key = keyed('role-key-00000001');
    const input = { name: 'Keyed Scouts', permissions: [Permission.SetBets] };
    const failed = await callHandler(
      failingAt((sent) => sent.UpdateExpression?.startsWith('SET answer') === true),
      contracts.createRole,
      input,
      admin.token,
      {},
      key,
    );
    expect(failed.status).toBe(503);
    const made = await callHandler(later(), contracts.createRole, input, admin.token, {}, key);
    expect(made.status).toBe(201);
    const roles = (await call(given.api, contracts.roleList, {}, admin.token)).body.data;
    expect(roles.filter((role) => role.name === 'Keyed Scouts').map((role) => role.id)).toEqual([made.body.id]);
  });

  it('a user made again after its answer could not be kept is the same user, not a login taken', async () => {
    const key = keyed('user-key-00000001');
    const input = {
      login: 'keyed-newcomer',
      emailAddress: 'keyed-newcomer@example.com',
      displayName: 'Newcomer',
      firstName: 'New',
      lastName: 'Comer',
    };
    const bettor = { name: 'Bettor', permissions: [Permission.SetBets] };
    expect((await call(given.api, contracts.createRole, bettor, admin.token)).status).toBe(201);
    const usersApi = (deps: () => Deps) => createUsersApi(deps);
    const failing = () =>
      depsWithFault(
        given.stack,
        (command) => command.input.UpdateExpression?.startsWith('SET answer') === true,
        'serverError',
        10,
      );
    const failed = await callHandler(usersApi(failing), contracts.createUser, input, admin.token, {}, key);
    expect(failed.status, JSON.stringify(failed.body)).toBe(503);
    const made = await callHandler(usersApi(laterDeps), contracts.createUser, input, admin.token, {}, key);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const listed = (await call(given.api, contracts.userList, { search: 'keyed-newcomer' }, admin.token)).body.data;
    expect(listed.map((row) => row.id)).toEqual([made.body.id]);
    expect(mailsTo(given.stack.outboxDir, input.emailAddress)).toHaveLength(1);
  });

  it('a message to the administrators made again after its answer could not be kept is stored and counted once', async () => {
    const key = keyed('message-key-00000001');
    const input = { issue: supportIssues[0], message: 'My picks did not save.' };
    const keeping = (sent: { UpdateExpression?: string }) => sent.UpdateExpression?.startsWith('SET answer') === true;
    const failed = await callHandler(failingAt(keeping), contracts.contactAdmin, input, player.token, {}, key);
    expect(failed.status).toBe(503);
    expect((await callHandler(later(), contracts.contactAdmin, input, player.token, {}, key)).status).toBe(201);
    // Five an hour: four more go, the sixth is refused.
    const send = (message: string) => call(given.api, contracts.contactAdmin, { ...input, message }, player.token);
    for (const n of [1, 2, 3, 4]) expect((await send(`And more ${n}`)).status).toBe(201);
    expect((await send('One too many')).status).toBe(429);
  });

  it('a message to the administrators whose mail job could not be queued fails, and asked again is mailed once', async () => {
    const key = keyed('message-key-00000002');
    const input = { issue: supportIssues[0], message: 'Mailed after all.' };
    // Another sender than the test's before, which sent its five of the hour.
    const writer = await memberWith(given.stack.deps, league, [Permission.SetBets], { login: 'keyed-writer' });
    const jobRecord = (sent: { Item?: Record<string, unknown> }) => String(sent.Item?.SK ?? '').startsWith('JOB#');
    const failed = await callHandler(failingAt(jobRecord), contracts.contactAdmin, input, writer.token, {}, key);
    expect(failed.status).toBe(503);
    expect((await callHandler(later(), contracts.contactAdmin, input, writer.token, {}, key)).status).toBe(201);
    await given.stack.settled();
    const mailed = mailsTo(given.stack.outboxDir, admin.user.emailAddress).filter((mail) =>
      mail.includes(input.message),
    );
    expect(mailed).toHaveLength(1);
  });

  it('whose answer could not be kept is running until its time is up, then made again as one', async () => {
    const key = keyed('note-key-00000001');
    const input = { title: 'Kept note', body: 'Kickoff moved.', sendEmail: false };
    const failed = await callHandler(
      failingAt((sent) => sent.UpdateExpression?.startsWith('SET answer') === true),
      contracts.addAnnouncement,
      input,
      admin.token,
      {},
      key,
    );
    expect(failed.status).toBe(503);
    const meanwhile = await call(given.api, contracts.addAnnouncement, input, admin.token, key);
    expect([meanwhile.status, meanwhile.body.code]).toEqual([409, 'REQUEST_RUNNING']);

    const made = await callHandler(later(), contracts.addAnnouncement, input, admin.token, {}, key);
    expect(made.status).toBe(201);
    expect((await titled('Kept note')).map((row) => row.id)).toEqual([made.body.id]);
  });

  it('that answers a secret keeps none of it: an invite asked again is made again as one link, with a new working code', async () => {
    const key = keyed('invite-key-000002');
    const first = await call(given.api, contracts.createInvite, { maxUses: 2 }, admin.token, key);
    const record = await getItem<Record<string, unknown>>(
      given.stack.deps,
      keys.requestKey(league.id, admin.user.id, 'invite-key-000002'),
    );
    expect(JSON.stringify(record)).not.toContain(first.body.code);
    const again = await call(given.api, contracts.createInvite, { maxUses: 2 }, admin.token, key);
    expect([again.status, again.body.id]).toEqual([201, first.body.id]);
    const works = async (code: string) =>
      (await call(given.api, contracts.signUpRules, { domain: league.domain, inviteCode: code })).body.invite?.works;
    expect([await works(first.body.code), await works(again.body.code)]).toEqual([false, true]);
    // Withdrawn meanwhile from the list, it is not made again under that key: 409, not a 500 on every try.
    expect((await call(given.api, contracts.deleteInvite, { id: again.body.id }, admin.token)).status).toBe(200);
    const withdrawn = await call(given.api, contracts.createInvite, { maxUses: 2 }, admin.token, key);
    expect([withdrawn.status, withdrawn.body.code]).toEqual([409, 'INVITE_CHANGED']);
  });

  it('whose input holds a password is kept nowhere', async () => {
    const key = 'password-key-0001';
    const input = { oldPassword: probePassword, newPassword: 'keyed-new-password', domain: league.domain };
    const changed = await call(given.api, contracts.setPassword, input, player.token, keyed(key));
    expect(changed.status).toBe(200);
    expect(await getItem(given.stack.deps, keys.requestKey(league.id, player.user.id, key))).toBeUndefined();
  });
});
