// Announcements (docs/rules.md, Announcements): a commissioner posts to the client's users, who read them newest
// first and mark them read for themselves; with mail, a job mails every active player once (never one who turned
// announcement mails off), whatever re-runs it, telling each how to turn them off (a role without the profile page:
// ask the administrators); deleting archives; another client sees and touches nothing.
import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { UserStatus } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { mailAnnouncement } from '../../functions/jobs/mail-announcement.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { ClaimInFlightError, claimStaleMs } from '../../functions/store/mail-claims.ts';
import { listAllRoles } from '../../functions/store/roles.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { listUsers } from '../../functions/store/users.ts';
import { call, send, turnMailOff } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';
import { mailsTo } from '../support/outbox.ts';
import { createTenant, memberWith } from '../security/support/probe-tenants.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';

const given = useTestStack();

const post = (token: string, title: string, body = 'Bring snacks.', sendEmail = false) =>
  call(given.api, contracts.addAnnouncement, { title, body, sendEmail }, token);

/** The client's active users whose role may set bets: the players an announcement is mailed to. */
async function activePlayers(domain: string) {
  const deps = given.stack.deps;
  const client = (await findClientByDomain(deps, domain))!;
  const betting = new Set(
    (await listAllRoles(deps)).filter((role) => role.permissions.includes(Permission.SetBets)).map((role) => role.id),
  );
  const users = await listUsers(deps, client.id);
  return {
    client,
    players: users.filter((user) => user.status === UserStatus.Active && betting.has(user.roleId) && !user.deletedAt),
    others: users.filter((user) => !(user.status === UserStatus.Active && betting.has(user.roleId) && !user.deletedAt)),
  };
}

describe('announcements', () => {
  it('a commissioner posts; every user of the client reads them newest first, a page at a time, and marks them read for himself on every device', async () => {
    const coach = await given.api.signIn('coach');
    const first = await post(coach, 'Week 12 starts early', 'Thanksgiving games kick off Thursday.\nPick early!');
    const second = await post(coach, 'Prizes are up');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      title: 'Week 12 starts early',
      body: 'Thanksgiving games kick off Thursday.\nPick early!',
      sendEmail: false,
      jobId: null,
    });
    const coachName = (await call(given.api, contracts.currentUser, {}, coach)).body.displayName;
    expect(first.body.authorName).toBe(coachName);

    const alex = await given.api.signIn('alex');
    const list = await call(given.api, contracts.announcementList, {}, alex);
    expect(list.status).toBe(200);
    expect(list.body.data.slice(0, 2).map((row) => row.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body.readThrough).toBe(0);
    const { jobId: _jobId, ...firstRow } = first.body;
    expect(list.body.data[1]).toEqual(firstRow);

    const onePage = await call(given.api, contracts.announcementList, { limit: 1 }, alex);
    expect(onePage.body.data.map((row) => row.id)).toEqual([second.body.id]);
    expect(onePage.body.cursor).not.toBeNull();
    const next = await call(given.api, contracts.announcementList, { limit: 1, cursor: onePage.body.cursor! }, alex);
    expect(next.body.data.map((row) => row.id)).toEqual([first.body.id]);

    const read = await call(given.api, contracts.readAnnouncements, { throughId: second.body.id }, alex);
    expect(read).toMatchObject({ status: 200, body: { readThrough: second.body.id } });
    // An older mark (another tab, late) never makes a read one unread again.
    await call(given.api, contracts.readAnnouncements, { throughId: first.body.id }, alex);
    const third = await post(coach, 'One more thing');
    const again = await call(given.api, contracts.announcementList, {}, await given.api.signIn('alex'));
    expect(again.body.readThrough).toBe(second.body.id);
    expect(again.body.data.filter((row) => row.id > again.body.readThrough).map((row) => row.id)).toEqual([
      third.body.id,
    ]);
    // Coach's own mark is his: Alex reading changed nothing for him.
    expect((await call(given.api, contracts.announcementList, {}, coach)).body.readThrough).toBe(0);
  });

  it('with mail, a job mails every active player once, skips those who turned announcement mails off, and a re-run mails nobody twice', async () => {
    const deps = given.stack.deps;
    const samId = await turnMailOff(given.api, 'sam', 'announcementMails');
    const { client, players, others } = await activePlayers('demo');
    expect(players.some((player) => player.id === samId)).toBe(true);
    const coach = await given.api.signIn('coach');
    const title = 'Playoff pool opens';
    const posted = await post(coach, title, 'Same rules, double points.', true);
    expect(posted.status).toBe(201);
    expect(posted.body.jobId).toEqual(expect.any(Number));
    await given.stack.settled();
    const job = (await call(given.api, contracts.jobStatus, { id: posted.body.jobId! }, coach)).body;
    expect(job).toMatchObject({
      status: 'succeeded',
      counts: { mailed: players.length - 1, alreadyMailed: 0, mailsOff: 1, deleted: 0, failed: 0 },
    });
    // It noted its progress after its step of players: an attempt cut off by its timeout after it is no stalled one.
    expect(await getItem(deps, keys.job(client.id, posted.body.jobId!))).toMatchObject({
      attempts: 1,
      progressAttempt: 1,
    });
    const mailsOf = (address: string) => mailsTo(given.stack.outboxDir, address).filter((mail) => mail.includes(title));
    for (const player of players) {
      const mails = mailsOf(player.emailAddress);
      expect(mails, player.login).toHaveLength(player.id === samId ? 0 : 1);
      if (player.id !== samId) {
        expect(mails[0]).toContain(`Subject: ${client.name}: ${title}`);
        expect(mails[0]).toContain('Same rules, double points.');
        expect(mails[0]).toContain(`Hello ${player.displayName},`);
        expect(mails[0]).toContain('You can turn announcement mails off in the notification settings of your profile.');
      }
    }
    for (const user of others) expect(mailsOf(user.emailAddress), user.login).toHaveLength(0);

    // The job run again (a re-run after a crash): every mail is claimed already.
    const rerun = await mailAnnouncement(deps, client.id, posted.body.id);
    expect(rerun).toEqual({ mailed: 0, alreadyMailed: players.length - 1, mailsOff: 1, deleted: 0, failed: 0 });
    for (const player of players) expect(mailsOf(player.emailAddress)).toHaveLength(player.id === samId ? 0 : 1);
  });

  it("a player whose role has no profile page is told the pool's administrators turn the mails off for him", async () => {
    const deps = given.stack.deps;
    const league = await createTenant(deps, 'Bare League', 'bare-league');
    const admin = await memberWith(deps, league, companyAdminPermissions, { login: 'bare-admin' });
    const bare = await memberWith(deps, league, [Permission.SetBets], { login: 'bare-player' });
    const posted = await post(admin.token, 'Bare news', 'No profile here.', true);
    await given.stack.settled();
    const [mail] = mailsTo(given.stack.outboxDir, bare.user.emailAddress).filter((text) => text.includes('Bare news'));
    expect(mail).toContain('The administrators of your pool can turn announcement mails off for you.');
    expect(mail).not.toContain('your profile');
    expect((await call(given.api, contracts.jobStatus, { id: posted.body.jobId! }, admin.token)).body.status).toBe(
      'succeeded',
    );
  });

  it('a mail claimed by a run that crashed before sending goes out on the re-run, once', async () => {
    const deps = given.stack.deps;
    const { client, players } = await activePlayers('demo');
    const coach = await given.api.signIn('coach');
    const title = 'Crash-proof news';
    const posted = await post(coach, title, 'Read me once.');
    const [jordan, ...rest] = players.filter((player) => player.login !== 'sam');
    // Everyone but Jordan was mailed; Jordan's claim was taken and the sender died before the mail left.
    const longAgo = new Date(deps.clock.now().getTime() - 2 * claimStaleMs).toISOString();
    await putItem(deps, { ...keys.announcementMail(client.id, posted.body.id, jordan!.id), claimedAt: longAgo });
    const run = await mailAnnouncement(deps, client.id, posted.body.id);
    expect(run.mailed).toBe(rest.length + 1);
    const again = await mailAnnouncement(deps, client.id, posted.body.id);
    expect(again.mailed).toBe(0);
    const mailsOf = (address: string) => mailsTo(given.stack.outboxDir, address).filter((mail) => mail.includes(title));
    expect(mailsOf(jordan!.emailAddress)).toHaveLength(1);
    for (const player of rest) expect(mailsOf(player.emailAddress), player.login).toHaveLength(1);
  });

  it("a job's attempt that died holding a claim a moment ago: the job's next attempt mails it at once; another run neither mails it nor counts it sent, and goes again", async () => {
    const deps = given.stack.deps;
    const { client, players } = await activePlayers('demo');
    const posted = await post(await given.api.signIn('coach'), 'Died mid-mail', 'Read me once.');
    const [jordan, ...rest] = players.filter((player) => player.login !== 'sam');
    const claim = keys.announcementMail(client.id, posted.body.id, jordan!.id);
    const job = `job#${client.id}#41`;
    await putItem(deps, { ...claim, claimedAt: deps.clock.now().toISOString(), claimToken: job });
    await expect(mailAnnouncement(deps, client.id, posted.body.id, 'job#0#other')).rejects.toThrow(ClaimInFlightError);
    const mailsOf = (address: string) =>
      mailsTo(given.stack.outboxDir, address).filter((mail) => mail.includes('Died mid-mail'));
    expect(mailsOf(jordan!.emailAddress)).toHaveLength(0);
    for (const player of rest) expect(mailsOf(player.emailAddress), player.login).toHaveLength(1);
    const again = await mailAnnouncement(deps, client.id, posted.body.id, job);
    expect(again).toMatchObject({ mailed: 1, alreadyMailed: rest.length, failed: 0 });
    expect(mailsOf(jordan!.emailAddress)).toHaveLength(1);
    // The job once more (an attempt after a failed one): what its attempts sent is not sent again.
    const once = await mailAnnouncement(deps, client.id, posted.body.id, job);
    expect(once).toMatchObject({ mailed: 0, alreadyMailed: rest.length + 1, failed: 0 });
  });

  it('deleting archives: it leaves the list, a second delete is 404, and its mails stop', async () => {
    const deps = given.stack.deps;
    const coach = await given.api.signIn('coach');
    const posted = await post(coach, 'Oops, wrong pool');
    const deleted = await call(given.api, contracts.deleteAnnouncement, { id: posted.body.id }, coach);
    expect(deleted).toMatchObject({ status: 200, body: { message: 'The announcement has been deleted' } });
    const list = await call(given.api, contracts.announcementList, {}, await given.api.signIn('alex'));
    expect(list.body.data.some((row) => row.id === posted.body.id)).toBe(false);
    const twice = await call(given.api, contracts.deleteAnnouncement, { id: posted.body.id }, coach);
    expect(twice).toMatchObject({ status: 404, body: { code: 'UNKNOWN_ANNOUNCEMENT' } });
    const demo = (await findClientByDomain(deps, 'demo'))!;
    expect(await mailAnnouncement(deps, demo.id, posted.body.id)).toEqual({
      mailed: 0,
      alreadyMailed: 0,
      mailsOff: 0,
      deleted: 1,
      failed: 0,
    });
  });

  it("a player may read but not post or delete; another client's administrator neither sees, deletes, posts to nor marks the client's", async () => {
    const coach = await given.api.signIn('coach');
    const posted = await post(coach, 'Demo only');
    const alex = await given.api.signIn('alex');
    expect((await post(alex, 'From a player')).status).toBe(403);
    expect((await call(given.api, contracts.deleteAnnouncement, { id: posted.body.id }, alex)).status).toBe(403);

    const demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const rival = await given.api.signIn('rival-admin', undefined, 'rival');
    const rivalList = await call(given.api, contracts.announcementList, {}, rival);
    expect(rivalList.status).toBe(200);
    expect(rivalList.body.data.some((row) => row.id === posted.body.id)).toBe(false);
    expect((await call(given.api, contracts.deleteAnnouncement, { id: posted.body.id }, rival)).status).toBe(404);
    const across = { clientId: demo.id, title: 'Hi', body: 'x', sendEmail: false };
    expect((await call(given.api, contracts.addAnnouncement, across, rival)).status).toBe(403);
    expect((await call(given.api, contracts.readAnnouncements, { throughId: posted.body.id }, rival)).status).toBe(404);
    const stillThere = await call(given.api, contracts.announcementList, {}, alex);
    expect(stillThere.body.data.some((row) => row.id === posted.body.id)).toBe(true);
  });

  it.each([
    ['a blank title', { title: '  ', body: 'x' }, 'Title is required'],
    ['a title over 120 characters', { title: 'T'.repeat(121), body: 'x' }, 'Title must be at most 120 characters'],
    ['a body over 4,000 characters', { title: 'Long', body: 'b'.repeat(4001) }, 'Body must be at most 4000 characters'],
    ['no body', { title: 'Empty' }, 'Body is required'],
    ['a control character', { title: 'Bell', body: 'ding\u0007' }, 'Body may not contain control'],
    ['a forged cursor', undefined, 'cursor is not valid'],
  ])('%s is refused with a message and stores nothing', async (_case, input, message) => {
    const coach = await given.api.signIn('coach');
    const before = (await call(given.api, contracts.announcementList, { limit: 50 }, coach)).body.data;
    const answer = input
      ? await send(given.api, contracts.addAnnouncement, input, coach)
      : await send(given.api, contracts.announcementList, { cursor: 'abc' }, coach);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(message);
    expect((await call(given.api, contracts.announcementList, { limit: 50 }, coach)).body.data).toEqual(before);
  });
});
